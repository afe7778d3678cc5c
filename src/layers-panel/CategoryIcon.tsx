// Category icon (spec 3 §2: every category has one except Other).
import { CATEGORY_ICONS, type Category } from 'layers';

export function CategoryIcon({ category }: { category: Category }) {
  const d = CATEGORY_ICONS[category];
  if (!d) return null;
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" aria-hidden="true" data-testid={`category-icon-${category}`}
      fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}
