/**
 * Bounds on every input the server accepts; forms use the same numbers (DESIGN.md §7).
 */
export const LIMITS = {
  userName: { min: 1, max: 60 },
  email: { max: 254 }, // RFC 5321 path limit
  password: { min: 8, max: 128 },
  productTitle: { min: 1, max: 200 },
  productDescription: { min: 1, max: 5000 },
  imageUrl: { max: 2048 },
  /** Dollars; the database keeps integer cents. */
  price: { max: 1_000_000 },
  totalStock: { max: 1_000_000 },
  /** Product listing page size (DESIGN.md §4). */
  pageSize: { default: 24, max: 100 },
  /**
   * Items a list endpoint answers when called without `page` and `limit` (spec §7's client asks for whole lists);
   * beyond it the client must page. Protects the server from answering a 100k-product catalog in one response.
   */
  unpagedList: { max: 1000 },
  /** Largest order total in dollars (the payment providers' single-payment ceiling is lower still). */
  orderTotal: { max: 1_000_000 },
  /** Unpaid (pending) orders one shopper may hold at once; the next create answers 409. */
  pendingOrders: { max: 10 },
  /** Filter values accepted per group in one request. */
  filterValues: { max: 50 },
  searchQuery: { min: 1, max: 100 },
  /** Largest quantity of one line item, whatever the stock. */
  lineQuantity: { max: 99 },
  /**
   * Distinct products (lines) one cart holds; adding another answers 409 and changes nothing, adding to a line
   * already in the cart still works. Bounds every cart read and the order a cart becomes.
   */
  cartLines: { max: 50 },
  reviewComment: { min: 1, max: 2000 },
  addressField: { max: 200 },
  addressNotes: { max: 1000 },
  /** The recipient's full name on an address (issue 40), optional. */
  recipientName: { max: 100 },
  /** The shop's return instructions (issue 40, admin Settings). */
  returnInstructions: { max: 2000 },
  /** Shipping notice set with Shipped (issue 26): the carrier's name, its tracking number and an https link. */
  carrier: { min: 1, max: 60 },
  trackingNumber: { min: 1, max: 100 },
  trackingUrl: { max: 500 },
  /** A refund's, cancellation's or withdrawal's reason (issue 26), optional. */
  refundReason: { max: 500 },
  /** Catalog shape (issue 28): options per product, values per option, variants per product, gallery photos. */
  productOptions: { max: 3 },
  optionName: { min: 1, max: 30 },
  optionValue: { min: 1, max: 30 },
  optionValues: { max: 30 },
  productVariants: { max: 100 },
  sku: { min: 1, max: 64 },
  productImages: { max: 8 },
  imageAlt: { max: 200 },
  /** Products the admin may feature on the home page. */
  featuredProducts: { max: 24 },
} as const;
