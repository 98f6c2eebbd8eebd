import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface KeyPairPem {
  privateKeyPem: string;
  publicKeyPem: string;
}

export function generateKeyPair(): KeyPairPem {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The local default: a key pair generated once into `dir` (private key readable by its owner only). */
export function ensureKeyPairFiles(dir: string): KeyPairPem {
  const privatePath = path.join(dir, 'jwt-private.pem');
  const publicPath = path.join(dir, 'jwt-public.pem');
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pair = generateKeyPair();
    writeFileSync(privatePath, pair.privateKeyPem, { mode: 0o600 });
    writeFileSync(publicPath, pair.publicKeyPem, { mode: 0o644 });
    return pair;
  }
  return { privateKeyPem: readFileSync(privatePath, 'utf8'), publicKeyPem: readFileSync(publicPath, 'utf8') };
}
