/**
 * A loudness meter to ITU-R BS.1770-4 / EBU R128: integrated loudness (LUFS, gated) and true
 * peak (dBTP, 4× oversampled). Fed decoded audio a chunk at a time, it keeps one number per
 * 100 ms of audio, so an hour-long file costs kilobytes.
 */

/** A second-order IIR section in direct form I. */
interface Biquad {
  b: [number, number, number];
  a: [number, number];
}

/** The K-weighting filter (pre-filter shelf, then the RLB high-pass) for a sample rate (libebur128's derivation). */
function kWeighting(rate: number): [Biquad, Biquad] {
  let f0 = 1681.974450955533;
  const gain = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / rate);
  const vh = 10 ** (gain / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b: [(vh + (vb * k) / q + k * k) / a0, (2 * (k * k - vh)) / a0, (vh - (vb * k) / q + k * k) / a0],
    a: [(2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0],
  };
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / rate);
  a0 = 1 + k / q + k * k;
  const highPass: Biquad = { b: [1, -2, 1], a: [(2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0] };
  return [shelf, highPass];
}

/** 4× interpolation taps: a Hann-windowed sinc, 12 per phase, as BS.1770-4 Annex 2 suggests. */
const OVERSAMPLE = 4;
const TAPS_PER_PHASE = 12;
const CENTRE = TAPS_PER_PHASE / 2;
const PHASES: Float64Array[] = Array.from({ length: OVERSAMPLE }, (_, phase) => {
  const taps = new Float64Array(TAPS_PER_PHASE);
  const length = OVERSAMPLE * TAPS_PER_PHASE;
  for (let k = 0; k < TAPS_PER_PHASE; k++) {
    const m = k * OVERSAMPLE + phase;
    const t = (m - length / 2) / OVERSAMPLE;
    const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t);
    taps[k] = sinc * (0.5 + 0.5 * Math.cos((2 * Math.PI * t) / (TAPS_PER_PHASE + 1)));
  }
  return taps;
});

/** Channel weights: L, R, C at 1, the surrounds at 1.41 (BS.1770 table 3); beyond five, 1. */
const channelWeight = (i: number) => (i === 3 || i === 4 ? 1.41 : 1);

const ABSOLUTE_GATE = -70;
const RELATIVE_GATE = -10;
const toLoudness = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare);

export interface Loudness {
  /** Integrated loudness, LUFS. */
  lufs: number;
  /** True peak, dBTP. */
  peak: number;
}

export function createLoudnessMeter(rate: number, channels: number) {
  const [shelf, highPass] = kWeighting(rate);
  // Per channel: the two sections' state (x1, x2, y1, y2 each).
  const state = Array.from({ length: channels }, () => new Float64Array(8));
  // Per channel: the last TAPS_PER_PHASE input samples, written twice (at w and w + TAPS_PER_PHASE)
  // so that the newest-first window is always buf[w .. w + TAPS_PER_PHASE).
  const history = Array.from({ length: channels }, () => new Float64Array(2 * TAPS_PER_PHASE));
  const written = new Array<number>(channels).fill(0);
  const step = Math.round(rate / 10);
  /** Weighted energy of each complete 100 ms step. */
  const steps: number[] = [];
  let stepEnergy = 0;
  let stepFill = 0;
  let samplePeak = 0;
  let truePeak = 0;

  /** The oversampled values between two samples of the window at buf[w..], checked against the peak. */
  const oversample = (buf: Float64Array, w: number) => {
    for (const taps of PHASES) {
      let y = 0;
      for (let k = 0; k < TAPS_PER_PHASE; k++) y += taps[k]! * buf[w + k]!;
      const a = Math.abs(y);
      if (a > truePeak) truePeak = a;
    }
  };

  /** One channel of a chunk through the K-weighting filter into `energy`, and its peaks. */
  const addChannel = (data: Float32Array, c: number, energy: Float64Array) => {
    const s = state[c]!;
    const buf = history[c]!;
    const weight = channelWeight(c);
    let [x1, x2, y1, y2, u1, u2, z1, z2] = s as unknown as number[];
    let w = written[c]!;
    for (let i = 0; i < data.length; i++) {
      const x = data[i]!;
      const y = shelf.b[0] * x + shelf.b[1] * x1! + shelf.b[2] * x2! - shelf.a[0] * y1! - shelf.a[1] * y2!;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      const z =
        highPass.b[0] * y +
        highPass.b[1] * u1! +
        highPass.b[2] * u2! -
        highPass.a[0] * z1! -
        highPass.a[1] * z2!;
      u2 = u1;
      u1 = y;
      z2 = z1;
      z1 = z;
      energy[i] = energy[i]! + weight * z * z;
      w = w === 0 ? TAPS_PER_PHASE - 1 : w - 1;
      buf[w] = x;
      buf[w + TAPS_PER_PHASE] = x;
      const a = Math.abs(x);
      if (a > samplePeak) samplePeak = a;
      // The taps interpolate between buf[w + CENTRE] and the sample after it; inter-sample peaks matter
      // only near the loudest samples, so only those within 6 dB of the peak so far are oversampled.
      if (Math.max(Math.abs(buf[w + CENTRE]!), Math.abs(buf[w + CENTRE - 1]!)) * 2 >= truePeak) {
        oversample(buf, w);
      }
    }
    s.set([x1!, x2!, y1!, y2!, u1!, u2!, z1!, z2!]);
    written[c] = w;
  };

  return {
    /** Adds decoded samples (one array per channel, all the same length). */
    add(channelData: Float32Array[]) {
      const n = channelData[0]?.length ?? 0;
      const energy = new Float64Array(n);
      for (let c = 0; c < channels; c++) addChannel(channelData[c]!, c, energy);
      for (let i = 0; i < n; i++) {
        stepEnergy += energy[i]!;
        if (++stepFill === step) {
          steps.push(stepEnergy);
          stepEnergy = 0;
          stepFill = 0;
        }
      }
    },

    /** The result; null for silence (no 400 ms block above the absolute gate). */
    result(): Loudness | null {
      const blocks: number[] = [];
      for (let j = 0; j + 4 <= steps.length; j++) {
        const z = (steps[j]! + steps[j + 1]! + steps[j + 2]! + steps[j + 3]!) / (4 * step);
        if (z > 0 && toLoudness(z) > ABSOLUTE_GATE) blocks.push(z);
      }
      if (!blocks.length) return null;
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const threshold = toLoudness(mean(blocks)) + RELATIVE_GATE;
      const gated = blocks.filter((z) => toLoudness(z) > threshold);
      const peak = Math.max(samplePeak, truePeak);
      return {
        lufs: Math.round(toLoudness(mean(gated)) * 10) / 10,
        peak: Math.round(20 * Math.log10(peak) * 10) / 10,
      };
    },
  };
}
