// The upload progress bar: the average progress of all the application's files.
export function UploadProgress({ percent, phase }: { percent: number; phase: "uploading" | "submitting" }) {
  const value = Math.round(percent);
  return (
    <div aria-live="polite">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        data-testid="upload-progress"
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-blue-700 transition-[width] duration-200"
          style={{ width: `${value}%` }}
        />
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {phase === "uploading" ? `Uploading documents: ${value}%` : "Sending your application..."}
      </p>
    </div>
  );
}
