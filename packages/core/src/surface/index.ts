// @tolk/core/surface: the pure surfaces built from the contracts (catalog, JSON Schemas, OpenAPI, MCP tools);
// no database code, so the CLI bundles it (the import rules in .dependency-cruiser.cjs keep it so).
export { catalog, type CatalogEntry } from './catalog.js'
export { openApi } from './openapi.js'
export { inputSchemas } from './json-schema.js'
export { buildMcpServer, toolsFromContracts, toolsFromCatalog, toolOf, toolResult, toolError, toolErrorOf, type ToolDef, type ToolCatalog, type OpFacts, type CallOp, type McpServerOptions, type ToolError } from './mcp.js'
