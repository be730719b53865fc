function AdminPlaceholder({ heading }: { heading: string }) {
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-bold">{heading}</h1>
    </section>
  );
}

export function AdminDashboardPage() {
  return <AdminPlaceholder heading="Dashboard" />;
}

export function AdminProductsPage() {
  return <AdminPlaceholder heading="Products" />;
}

export function AdminOrdersPage() {
  return <AdminPlaceholder heading="Orders" />;
}

export function AdminFeaturesPage() {
  return <AdminPlaceholder heading="Feature Images" />;
}
