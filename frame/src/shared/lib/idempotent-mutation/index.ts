export { ActionError, isTransportError, useIdempotentMutation } from './use-idempotent-mutation.tsx';
