import { useEffect, useState, type ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import { ChevronLeft } from 'lucide-react';
import type { ProductDetails } from '@emporium/contract';
import { ApiError } from '@/lib/api';
import { DetailsSection } from './details-section';
import { ProductEditorForm } from './editor-bar';
import { PhotosSection } from './photos-section';
import { productEditorApi } from './product-editor-api';
import { VariantsSection } from './variants-section';

/** The admin's upload control (features/admin-catalog/image-upload.tsx), as this page uses it. */
export interface ImageUploadControl {
  url: string;
  onUploaded: (url: string) => void;
  onLoadingChange?: (loading: boolean) => void;
  disabled?: boolean;
  label?: string;
}

/**
 * What the page borrows from the rest of the admin area (app/screens/admin-pages.tsx hands them over; this folder
 * imports only its own files): the upload control and the upload call.
 */
export interface ProductEditorTools {
  ImageUpload: ComponentType<ImageUploadControl>;
  /** Uploads one image; resolves with its absolute URL. */
  uploadImage: (file: File) => Promise<string>;
}

type Loaded =
  | { status: 'loading'; id: string }
  | { status: 'loaded'; id: string; product: ProductDetails }
  | { status: 'not-found' | 'failed'; id: string };

/**
 * The admin's page of one product at /admin/products/:id (issue 28), the one place that edits a product with options
 * (issue 40, item 12): its title and one section per part of the product, each in its own file (Details, Photos,
 * Options and variants), and one save bar for all of them (editor-bar.tsx: Discard, Save, a guard on leaving with
 * unsaved changes). The products table's drawer sends a product with options here.
 */
export function ProductEditorPage({ tools }: { tools: ProductEditorTools }) {
  const { id = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading', id });
  /** Photo saves so far: the variants section takes the version they moved the product to. */
  const [photosSaved, setPhotosSaved] = useState(0);

  useEffect(() => {
    let live = true;
    productEditorApi.product(id).then(
      ({ data }) => live && setLoaded({ status: 'loaded', id, product: data }),
      (error: unknown) => {
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
        if (live) setLoaded({ status: missing ? 'not-found' : 'failed', id });
      },
    );
    return () => {
      live = false;
    };
  }, [id]);

  const current = loaded.id === id ? loaded : ({ status: 'loading', id } as const);

  return (
    <section className="min-w-0 space-y-6">
      <Link
        to="/admin/products"
        className="inline-flex items-center gap-1 text-sm font-medium text-neutral-700 underline-offset-4 hover:underline"
      >
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        All products
      </Link>
      {current.status === 'loaded' ? (
        <>
          <div className="space-y-1">
            <h1 className="text-2xl font-bold break-words">{current.product.title}</h1>
            <p className="text-sm text-neutral-600">
              {current.product.category} · {current.product.brand}
            </p>
          </div>
          <ProductEditorForm>
            <DetailsSection
              product={current.product}
              onSaved={(details) =>
                setLoaded({ status: 'loaded', id, product: { ...current.product, ...details } })
              }
            />
            <PhotosSection
              product={current.product}
              tools={tools}
              onSaved={() => setPhotosSaved((n) => n + 1)}
            />
            <VariantsSection productId={current.product._id} photosSaved={photosSaved} />
          </ProductEditorForm>
        </>
      ) : current.status === 'loading' ? (
        <p className="text-neutral-600" role="status">
          Loading...
        </p>
      ) : (
        <h1 className="text-2xl font-bold">
          {current.status === 'not-found' ? 'Product not found' : 'The product could not be loaded.'}
        </h1>
      )}
    </section>
  );
}
