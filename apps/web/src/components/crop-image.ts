import type { Area } from 'react-easy-crop';

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read.'));
    image.src = source;
  });
}

/** Draws the rotated image and cuts out `area` (pixels of the rotated image). */
async function cropToCanvas(source: string, area: Area, rotation: number): Promise<HTMLCanvasElement> {
  const image = await loadImage(source);
  const turned = rotation % 180 !== 0;
  const rotated = document.createElement('canvas');
  rotated.width = turned ? image.height : image.width;
  rotated.height = turned ? image.width : image.height;
  const context = rotated.getContext('2d')!;
  context.translate(rotated.width / 2, rotated.height / 2);
  context.rotate((rotation * Math.PI) / 180);
  context.drawImage(image, -image.width / 2, -image.height / 2);

  const output = document.createElement('canvas');
  output.width = Math.round(area.width);
  output.height = Math.round(area.height);
  output.getContext('2d')!.drawImage(rotated, area.x, area.y, area.width, area.height, 0, 0, area.width, area.height);
  return output;
}

/** The crop as a PNG, what 'Crop & save' uploads. */
export async function cropToBlob(source: string, area: Area, rotation: number): Promise<Blob> {
  const output = await cropToCanvas(source, area, rotation);
  return new Promise((resolve, reject) =>
    output.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be cropped.'))), 'image/png'),
  );
}

/** The crop as an image address for the dialog's live preview. */
export async function cropToDataUrl(source: string, area: Area, rotation: number): Promise<string> {
  return (await cropToCanvas(source, area, rotation)).toDataURL('image/png');
}
