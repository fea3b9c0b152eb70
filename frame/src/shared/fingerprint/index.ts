export {
  createFingerprintService,
  FINGERPRINT_MAX_FAILURES,
  FINGERPRINT_SCRIPT_URL,
  type FingerprintService,
  type FingerprintState,
  fingerprint,
  loadFingerprintScript,
} from './fingerprint.ts';
