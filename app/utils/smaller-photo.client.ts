// A photo made smaller on the phone before it is sent or kept: a phone's own photo is 2 to 6 MB,
// and six of them are slow to send on a weak signal and heavy to keep offline. The server makes
// every photo smaller again (server/uploads/photos.server.ts), so this only saves the upload.

/** The longest side of a photo sent from a phone: six fit in its storage, and they upload fast. */
const PHOTO_LONGEST_SIDE = 1600;

/** A photo made smaller (longest side 1,600 px, JPEG). */
export async function smallerPhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = new OffscreenCanvas(width, height);
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return canvas.convertToBlob({ type: "image/jpeg", quality: 0.82 });
}

/**
 * The form's photos made smaller, each as a JPEG file of its own name. A picture the browser
 * cannot read (a HEIC photo, say) goes as it is: the server reads it, or says why not.
 */
export async function withSmallerPhotos(formData: FormData, fields: readonly string[]) {
  const smaller = new FormData();
  for (const [name, value] of formData.entries()) {
    if (!fields.includes(name) || !(value instanceof File) || value.size === 0 || !value.type.startsWith("image/")) {
      smaller.append(name, value);
      continue;
    }
    try {
      const jpeg = await smallerPhoto(value);
      smaller.append(name, new File([jpeg], value.name.replace(/\.[^.]*$/, "") + ".jpg", { type: "image/jpeg" }));
    } catch {
      smaller.append(name, value);
    }
  }
  return smaller;
}
