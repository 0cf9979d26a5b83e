import {
  publicQuoteAcceptedSchema,
  type PublicQuoteAccepted,
  type PublicQuoteAcceptData,
} from '@btp/shared/entities/public-quote';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api';

interface AcceptPublicQuoteInput {
  token: string;
  data: PublicQuoteAcceptData;
}

/** `POST /api/public/quotes/{token}/accept` (public): the client's "Bon pour accord". */
export async function acceptPublicQuote({
  token,
  data,
}: AcceptPublicQuoteInput): Promise<PublicQuoteAccepted> {
  return publicQuoteAcceptedSchema.parse(
    await api.post(`/api/public/quotes/${encodeURIComponent(token)}/accept`, data),
  );
}

export function useAcceptPublicQuote() {
  return useMutation({ mutationFn: acceptPublicQuote });
}
