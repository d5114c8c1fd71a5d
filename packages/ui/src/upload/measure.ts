/** Media facts the rules need that only a browser can read from a file. */
export interface MediaMeasure {
  /** Natural width and height of an image. */
  image(file: File): Promise<{ width: number; height: number }>;
  /** Duration of a video in seconds. */
  videoDuration(file: File): Promise<number>;
}

/** Reads media facts with the browser's own decoders (an <img> / <video> on an object URL). */
export const browserMeasure: MediaMeasure = {
  image(file) {
    return new Promise((resolve, reject) => {
      const url = URL.createObjectURL(file);
      const img = new Image();
      img.addEventListener("load", () => {
        URL.revokeObjectURL(url);
        resolve({ width: img.naturalWidth, height: img.naturalHeight });
      });
      img.addEventListener("error", () => {
        URL.revokeObjectURL(url);
        reject(new Error("image decode failed"));
      });
      img.src = url;
    });
  },
  videoDuration(file) {
    return new Promise((resolve, reject) => {
      const url = URL.createObjectURL(file);
      const v = document.createElement("video");
      v.preload = "metadata";
      v.addEventListener("loadedmetadata", () => {
        URL.revokeObjectURL(url);
        resolve(v.duration);
      });
      v.addEventListener("error", () => {
        URL.revokeObjectURL(url);
        reject(new Error("video decode failed"));
      });
      v.src = url;
    });
  },
};
