// The feature transaction call (spec 3 §7): POST /api/project/{id}/geoserver/{product}/ows?service=WFS&version=1.1.0&
// request=Transaction with a WFS 1.1.0 wfs:Transaction document (text/xml) and the header marking the WFS transaction
// intent; the answer (wfs:TransactionResponse or an OWS ExceptionReport) is returned as text. It bypasses the global
// error catcher and messages: the map's feature editor retries and reports failures itself.
import { api } from '../api';
import { BYPASS } from '../../shell/requests/headers';

export const WFS_TRANSACTION_HEADER = 'X-WFS-Transaction';

export interface FeatureTransactionArgs { projectId: number; product: string; xml: string }

export function featureTransactionUrl(projectId: number, product: string): string {
  return `/project/${projectId}/geoserver/${encodeURIComponent(product)}/ows?service=WFS&version=1.1.0&request=Transaction`;
}

export const featureTransactionApi = api.injectEndpoints({
  endpoints: (b) => ({
    featureTransaction: b.mutation<string, FeatureTransactionArgs>({
      query: ({ projectId, product, xml }) => ({
        url: featureTransactionUrl(projectId, product), method: 'POST', body: xml,
        headers: { 'Content-Type': 'text/xml', [WFS_TRANSACTION_HEADER]: 'true', [BYPASS.catch]: 'true', [BYPASS.messages]: 'true' },
        responseHandler: 'text',
      }),
    }),
  }),
});

export const { useFeatureTransactionMutation } = featureTransactionApi;
