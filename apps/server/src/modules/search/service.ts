/**
 * Catalog search (spec §7 `GET /api/shop/search/:query`; DESIGN.md §4): PostgreSQL full-text search over title,
 * brand, category and description, plus pg_trgm word similarity over title, brand and category so that typos
 * ("iphnoe", "adiddas", "kitchen aid") still match. Title matches rank above description matches. The query is
 * always a bound parameter; `websearch_to_tsquery` accepts any text without syntax errors. Both conditions are
 * served by GIN indexes: the stored `search_document` (migration 0005) and the trigram expression (0004).
 */
import { desc, sql } from 'drizzle-orm';
import type { Product } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { productColumns, toProduct } from '../products/service.ts';

/** Minimum pg_trgm word similarity (0–1) for a typo match; pg_trgm's default of 0.6 misses "iphnoe". */
export const WORD_SIMILARITY_THRESHOLD = 0.3;

const nameText = sql`lower(${products.title} || ' ' || ${products.brand} || ' ' || ${products.category})`;

/** One page of matches, best first (ties by id), and the number of matches. */
export async function searchProducts(
  db: Db,
  images: ImageStore,
  text: string,
  page: number,
  limit: number,
): Promise<{ items: Product[]; total: number }> {
  const q = text.trim().toLowerCase();
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  // ts_rank weights the stored document's parts {D, C, B, A}: a title match outranks a description match.
  const rank = sql<number>`(
    ts_rank('{0.1, 0.2, 0.5, 1.0}', ${products.searchDocument}, ${tsquery})
    + word_similarity(${q}, ${nameText})
  )`;
  return db.transaction(async (tx) => {
    // `<%` reads its threshold from this setting; `true` keeps it to this transaction.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
    );
    const rows = await tx
      .select({ product: productColumns, total: sql<number>`count(*) over ()` })
      .from(products)
      .where(sql`(${products.searchDocument} @@ ${tsquery} or ${q} <% ${nameText})`)
      .orderBy(desc(rank), products.id)
      .limit(limit)
      .offset((page - 1) * limit);
    return {
      items: rows.map((r) => toProduct(r.product, images)),
      total: Number(rows[0]?.total ?? 0),
    };
  });
}
