import openapiTS, { astToString } from 'openapi-typescript';

/** The header of the generated file. */
const header = '// Generated from the OpenAPI document by `npm run client:generate` (openapi-typescript). Do not edit.\n';

/** The TypeScript types of an OpenAPI document, as `client/schema.d.ts` holds them. */
export async function generateClientTypes(openApi: Record<string, unknown>): Promise<string> {
  // The servers entry names the running server's address; the types do not depend on it.
  const { servers: _servers, ...document } = openApi;
  const ast = await openapiTS(document as never, { alphabetize: true });
  return header + astToString(ast);
}
