import { defineOperation } from "./operation.ts";
import { listInterviewQuestions } from "../../../services/directory/mod.ts";
import { listProducts } from "../../../services/commerce/mod.ts";

export const catalogOperations = [
  defineOperation({
    operationId: "list_interview_questions",
    method: "get",
    path: "/interview-questions",
    access: "public",
    tag: "Catalog",
    summary: "Founder interview questions",
    description:
      "The interview questions founders may answer with answer_interview; each has an id.",
    status: 200,
    handler: (_input, { deps }) => listInterviewQuestions(deps),
  }),
  defineOperation({
    operationId: "list_products",
    method: "get",
    path: "/products",
    access: "public",
    tag: "Catalog",
    summary: "Products and prices",
    description:
      "What can be ordered: code, price in USD cents (excluding VAT), needs_listing, the week rule and, for week-taking products, the weeks that may be chosen now; options where a product has them.",
    status: 200,
    handler: (_input, { deps }) => listProducts(deps),
  }),
];
