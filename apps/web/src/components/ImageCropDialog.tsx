import { RotateLeftOutlined, RotateRightOutlined } from '@ant-design/icons';
import { Button, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { cropToBlob, cropToDataUrl } from './crop-image';

export interface ImageCropDialogProps {
  /** The chosen file; the dialog is open while it is set. */
  file: File | null;
  /** Width / height of the crop, 16/9 for logos (spec 02 'Crop Image dialog'), 1 for avatars. */
  aspect?: number;
  saving?: boolean;
  onCancel: () => void;
  onCropped: (image: Blob, fileName: string) => void;
}

/** 'Crop Image': rotate in 90° steps, crop at a fixed aspect in a 400 px high area, then save. */
export function ImageCropDialog({ file, ...props }: ImageCropDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={Boolean(file)}
      title={t('crop.title')}
      onCancel={props.onCancel}
      width={720}
      destroyOnHidden
      footer={null}
    >
      {/* Keyed by the file, so each new image starts unrotated and unzoomed. */}
      {file && <CropEditor key={`${file.name}-${file.size}-${file.lastModified}`} file={file} {...props} />}
    </Modal>
  );
}

function CropEditor({ file, aspect = 16 / 9, saving, onCancel, onCropped }: ImageCropDialogProps & { file: File }) {
  const { t } = useTranslation();
  // A data URL rather than an object URL: nothing to revoke, so no effect cleanup can pull the
  // image away while it is still shown (React runs effects twice in development).
  const [source, setSource] = useState<string>();
  useEffect(() => {
    const reader = new FileReader();
    reader.onload = () => setSource(reader.result as string);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [area, setArea] = useState<Area>();
  // The live preview (spec 02): the crop as it will be saved, redrawn when the crop or rotation settles.
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    if (!area || !source || file.type === 'image/svg+xml') return;
    let current = true;
    cropToDataUrl(source, area, rotation).then(
      (url) => current && setPreview(url),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [area, source, rotation, file.type]);

  async function save() {
    if (!area || !source) return;
    // An SVG is kept as drawn: rasterising it would lose what makes it the recommended format.
    if (file.type === 'image/svg+xml') return onCropped(file, file.name);
    const blob = await cropToBlob(source, area, rotation);
    onCropped(blob, file.name.replace(/\.[^.]+$/, '') + '.png');
  }

  return (
    <>
      <div style={{ position: 'relative', height: 400, background: '#1f1f1f' }}>
        {source && (
          <Cropper
            image={source}
            crop={crop}
            zoom={zoom}
            rotation={rotation}
            aspect={aspect}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
          />
        )}
      </div>
      {preview && (
        <figure className="qualis-crop-preview">
          <img src={preview} alt="" style={{ aspectRatio: aspect }} />
          <figcaption>{t('crop.preview')}</figcaption>
        </figure>
      )}
      <Space wrap style={{ marginTop: 16, width: '100%', justifyContent: 'flex-end' }}>
        <Button
          icon={<RotateLeftOutlined />}
          onClick={() => setRotation((r) => (r + 270) % 360)}
          aria-label={t('crop.rotateLeft')}
        />
        <Button
          icon={<RotateRightOutlined />}
          onClick={() => setRotation((r) => (r + 90) % 360)}
          aria-label={t('crop.rotateRight')}
        />
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" loading={saving} disabled={!area} onClick={() => void save()}>
          {t('crop.save')}
        </Button>
      </Space>
    </>
  );
}
