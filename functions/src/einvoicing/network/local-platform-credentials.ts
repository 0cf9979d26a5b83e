/**
 * The credentials of the local plateforme agréée's accounts (`npm start`, `/_pa`;
 * docs/einvoicing-network.md "The local platform"): one account per SIREN, client id `btp-<SIREN>`,
 * secret derived from the key of the stack's secrets file. The local platform checks them with
 * this function, and Paramètres is prefilled with them on the local stack (never on AWS, where
 * `PA_LOCAL_KEY` is not set).
 */
import { createHmac } from 'node:crypto';

/** The credentials of the local platform's account of `siren`. */
export function localPlatformCredentials(
  key: string,
  siren: string,
): { clientId: string; clientSecret: string } {
  return {
    clientId: `btp-${siren}`,
    clientSecret: createHmac('sha256', key).update(`pa-local:${siren}`).digest('base64url'),
  };
}
