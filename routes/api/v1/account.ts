import { defineOperation } from "./operation.ts";
import { describeCaller } from "../../../services/access/mod.ts";

export const accountOperations = [
  defineOperation({
    operationId: "get_account",
    method: "get",
    path: "/me",
    access: "account:read",
    tag: "Account",
    summary: "Who the caller is and what the access allows",
    description:
      "Returns the signed-in account (id, email, name), how the caller signed in (API key or OAuth client) and the scopes the credentials hold.",
    status: 200,
    handler: (_input, { deps, caller }) => describeCaller(deps, caller!),
  }),
];
