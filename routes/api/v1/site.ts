import { defineOperation } from "./operation.ts";
import { getSiteInfo } from "../../../services/directory/mod.ts";

export const siteOperations = [
  defineOperation({
    operationId: "get_site_info",
    method: "get",
    path: "/site",
    access: "public",
    tag: "Site",
    summary: "About the service",
    description:
      "The site name and purpose, public URLs, the number of live listings and categories, the publishing routes (free and paid), and where the API reference, the OpenAPI file and the MCP server are.",
    status: 200,
    handler: (_input, { deps, implementedOperations }) => getSiteInfo(deps, implementedOperations),
  }),
];
