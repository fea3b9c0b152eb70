/** Hashing shared by the provably fair draws (wheel, lucky day): plain code, no schemas with it. */

/** Bytes as lowercase hex. */
export const hex = (bytes: ArrayBuffer): string =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of a text as hex (WebCrypto: the same in the browser and in Node). */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}
