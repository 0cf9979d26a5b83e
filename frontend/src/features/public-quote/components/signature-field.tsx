import { Button } from 'antd';
import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';

import styles from './public-quote.module.css';

interface SignatureFieldProps {
  id: string;
  /** The drawn signature as a PNG data URL, or `undefined` while the pad is empty. */
  onChange: (signature: string | undefined) => void;
  invalid: boolean;
  describedBy?: string | undefined;
  disabled?: boolean;
}

/** Device pixels per CSS pixel, at most 2: sharp enough on paper, a PNG of a few tens of KB. */
function pixelRatio(): number {
  return Math.min(Math.max(window.devicePixelRatio || 1, 1), 2);
}

/**
 * A pad to sign on with a finger, a stylus or the mouse (signature_pad), and "Effacer". The canvas
 * follows its box's width; a resize keeps what was drawn.
 */
export function SignatureField({
  id,
  onChange,
  invalid,
  describedBy,
  disabled = false,
}: SignatureFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#10239e', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const fit = () => {
      const ratio = pixelRatio();
      const width = Math.round(canvas.offsetWidth * ratio);
      const height = Math.round(canvas.offsetHeight * ratio);
      if (canvas.width === width && canvas.height === height) return;
      const drawn = pad.toData();
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (drawn.length > 0) pad.fromData(drawn);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    const ended = () => onChangeRef.current(pad.isEmpty() ? undefined : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', ended);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    onChange(undefined);
  };

  return (
    <div className={styles.signature}>
      <canvas
        id={id}
        ref={canvasRef}
        className={styles.pad}
        data-invalid={invalid || undefined}
        role="img"
        aria-label="Zone de signature : signez avec le doigt, un stylet ou la souris"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        tabIndex={0}
      />
      <div className={styles.padFoot}>
        <span className={styles.hint}>Signez dans le cadre ci-dessus.</span>
        <Button onClick={clear} disabled={disabled}>
          Effacer
        </Button>
      </div>
    </div>
  );
}
