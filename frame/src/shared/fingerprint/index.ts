export {
  createFingerprintService,
  FINGERPRINT_MAX_FAILURES,
  type FingerprintService,
  type FingerprintState,
  fingerprint,
  loadFingerprintScript,
} from './fingerprint.ts';
