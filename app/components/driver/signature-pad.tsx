// A pad the recipient signs with a finger, a pen or a mouse (pointer events on a canvas).
// It exists only with JavaScript; the form always keeps a typed signature beside it, which is
// also the way for a keyboard or a screen reader. toBlob() gives the drawing as a PNG.
import { forwardRef, useImperativeHandle, useRef, useState } from "react";

export type SignaturePadHandle = { hasDrawing: () => boolean; toBlob: () => Promise<Blob | null> };

const WIDTH = 600;
const HEIGHT = 200;

export const SignaturePad = forwardRef<SignaturePadHandle, { labelledBy: string; onChange?: (drawn: boolean) => void }>(
  function SignaturePad({ labelledBy, onChange }, ref) {
    const canvas = useRef<HTMLCanvasElement>(null);
    const last = useRef<{ x: number; y: number } | null>(null);
    const [drawn, setDrawn] = useState(false);

    useImperativeHandle(ref, () => ({
      hasDrawing: () => drawn,
      toBlob: () =>
        new Promise((resolve) => {
          if (canvas.current) canvas.current.toBlob(resolve, "image/png");
          else resolve(null);
        }),
    }));

    const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
      const box = event.currentTarget.getBoundingClientRect();
      return {
        x: ((event.clientX - box.left) * WIDTH) / box.width,
        y: ((event.clientY - box.top) * HEIGHT) / box.height,
      };
    };
    const context = () => {
      const drawing = canvas.current?.getContext("2d");
      if (drawing) {
        drawing.lineWidth = 3;
        drawing.lineCap = "round";
        drawing.strokeStyle = "#0f172a";
      }
      return drawing;
    };
    const clear = () => {
      const drawing = context();
      drawing?.clearRect(0, 0, WIDTH, HEIGHT);
      setDrawn(false);
      onChange?.(false);
    };

    return (
      <div>
        <canvas
          ref={canvas}
          width={WIDTH}
          height={HEIGHT}
          role="img"
          aria-labelledby={labelledBy}
          data-testid="signature-pad"
          className="h-40 w-full max-w-xl touch-none rounded-md border-2 border-dashed border-slate-400 bg-white"
          onPointerDown={(event) => {
            last.current = point(event);
            // Keeps a stroke that leaves the pad; drawing does not depend on it.
            try {
              event.currentTarget.setPointerCapture(event.pointerId);
            } catch {
              // the pointer is no longer active
            }
          }}
          onPointerMove={(event) => {
            if (!last.current) return;
            const next = point(event);
            const drawing = context();
            if (!drawing) return;
            drawing.beginPath();
            drawing.moveTo(last.current.x, last.current.y);
            drawing.lineTo(next.x, next.y);
            drawing.stroke();
            last.current = next;
            if (!drawn) {
              setDrawn(true);
              onChange?.(true);
            }
          }}
          onPointerUp={() => {
            last.current = null;
          }}
          onPointerCancel={() => {
            last.current = null;
          }}
        />
        <button
          type="button"
          onClick={clear}
          className="mt-2 min-h-11 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Clear signature
        </button>
      </div>
    );
  },
);
