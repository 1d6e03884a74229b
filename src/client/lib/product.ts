/** The product's title (SPEC.md leaves it open; docs/decisions/0002-product-title.md). */
export const PRODUCT_TITLE = 'Ministry Portal';
export const PRODUCT_SUBTITLE = 'Ministry Management System';
