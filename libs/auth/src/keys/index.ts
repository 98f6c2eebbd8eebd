// A light entry point: key pairs without the framework behind `@teamfit/auth` (the local runner
// creates the platform's keys and must stay small in memory).
export { ensureKeyPairFiles, generateKeyPair, type KeyPairPem } from '../tokens/key-pair';
