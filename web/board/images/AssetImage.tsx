import { useEffect, useState } from 'preact/hooks';
import { assetUrl } from './assetUrls.js';
import { imageTarget } from './imageTarget.js';

/** An uploaded image of the open board (`data.assetId`), shown once its bytes are here. */
export function AssetImage({ assetId, alt }: { assetId: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const target = imageTarget();
    if (!target) return undefined;
    let live = true;
    setFailed(false);
    assetUrl(target.tokens, target.boardId, assetId).then(
      (url) => live && setSrc(url),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [assetId]);
  if (src) return <img src={src} alt={alt} data-asset-id={assetId} draggable={false} />;
  return (
    <div class="image-missing" data-asset-id={assetId} aria-busy={!failed}>
      {failed ? `${alt || 'Image'} (not available)` : alt || 'Image'}
    </div>
  );
}
