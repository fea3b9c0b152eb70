export { ActionError, errorKindOf, isTransportError, useIdempotentMutation } from './use-idempotent-mutation.tsx';
