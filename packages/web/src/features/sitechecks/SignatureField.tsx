import { useEffect, useRef, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import type SignaturePad from 'signature_pad';

export interface SignatureFieldProps {
  label: string;
  disabled?: boolean;
  /** The drawn signature as a PNG. */
  onSave: (png: Blob) => void;
}

/** A signature drawn with a finger or the mouse (`signature_pad`, loaded with this field only), saved as a PNG. */
export function SignatureField({ label, disabled, onSave }: SignatureFieldProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let instance: SignaturePad | null = null;
    const element = canvas.current;
    if (!element) return;
    // The canvas drawn at the device's pixel ratio, so a line is sharp on a phone.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      instance?.clear();
      setEmpty(true);
    };
    import('signature_pad')
      .then(({ default: Pad }) => {
        if (cancelled) return;
        fit();
        instance = new Pad(element, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(17, 24, 39)' });
        instance.addEventListener('endStroke', () => setEmpty(instance!.isEmpty()));
        pad.current = instance;
      })
      .catch(() => setFailed(true));
    window.addEventListener('resize', fit);
    return () => {
      cancelled = true;
      window.removeEventListener('resize', fit);
      instance?.off();
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    if (!pad.current) return;
    if (disabled) pad.current.off();
    else pad.current.on();
  }, [disabled]);

  const save = () => {
    canvas.current?.toBlob((blob) => {
      if (blob) onSave(blob);
    }, 'image/png');
  };

  return (
    <Stack spacing={1}>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-label={`${label}: signature pad, draw here`}
        sx={{
          width: '100%',
          height: 180,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          touchAction: 'none',
          display: 'block',
        }}
      />
      {failed && (
        <Typography color="error">The signature pad could not load. Check the connection and reload the page.</Typography>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          size="large"
          disabled={disabled || empty}
          onClick={() => {
            pad.current?.clear();
            setEmpty(true);
          }}
          sx={{ minHeight: 48, flex: 1 }}
        >
          Clear
        </Button>
        <Button variant="contained" size="large" disabled={disabled || empty} onClick={save} sx={{ minHeight: 48, flex: 2 }}>
          Save signature
        </Button>
      </Stack>
    </Stack>
  );
}
