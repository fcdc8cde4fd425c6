import { loadJose } from '../loadJose.js';

/** Seals a client secret (JWE, `dir` + A256GCM) so the console can reveal it again. */
export async function sealSecret(secret: string, key: Uint8Array): Promise<string> {
  const { CompactEncrypt } = await loadJose();
  return new CompactEncrypt(new TextEncoder().encode(secret)).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).encrypt(key);
}

/** Opens a sealed client secret. */
export async function openSealedSecret(sealed: string, key: Uint8Array): Promise<string> {
  const { compactDecrypt } = await loadJose();
  const { plaintext } = await compactDecrypt(sealed, key, { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
  return new TextDecoder().decode(plaintext);
}
