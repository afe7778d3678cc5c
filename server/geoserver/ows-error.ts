// OWS errors of the project WFS: a bad or missing parameter is answered 400 with an OWS ExceptionReport naming the
// parameter (exceptionCode + locator, the way GeoServer reports it), so GDAL and other WFS clients show the reason.
import { xmlEscape } from './xml';

export type OwsCode = 'MissingParameterValue' | 'InvalidParameterValue' | 'OperationNotSupported' | 'VersionNegotiationFailed'
  | 'NoApplicableCode';

export class OwsError extends Error {
  constructor(readonly code: OwsCode, readonly locator: string, message: string, readonly status = 400) {
    super(message);
  }
}

export const missing = (param: string) =>
  new OwsError('MissingParameterValue', param, `Parameter ${param} is required.`);
export const invalid = (param: string, why: string) =>
  new OwsError('InvalidParameterValue', param, `Parameter ${param}: ${why}`);
/** Unknown feature type: the LayerRepository wording of spec 3 §8. */
export const layerNotFound = (param: string, name: string) =>
  new OwsError('InvalidParameterValue', param, `Layer ${name} not found in LayerRepository`);

/** OWS 1.1 ExceptionReport (WFS 2.0 style; WFS 1.1 clients read it as well). */
export function exceptionReport(e: OwsError, version = '2.0.0'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" version="${xmlEscape(version)}">
  <ows:Exception exceptionCode="${e.code}" locator="${xmlEscape(e.locator)}">
    <ows:ExceptionText>${xmlEscape(e.message)}</ows:ExceptionText>
  </ows:Exception>
</ows:ExceptionReport>
`;
}
