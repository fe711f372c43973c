/** What the submit and watch tests share: a product homepage the extractive drafter can quote. */
export const PRODUCT_HOME =
  `<p>Racer sends your invoices and chases late payments for you.</p><p>Racer is invoicing software for freelancers and small agencies. Founded in 2021 in Lisbon.</p><p>Pricing: free for 5 invoices a month, then $9 per month.</p>`;
