import { createHash } from 'node:crypto';
import { loadSharp, reencodeImage } from '../modules/images/images.processing';
import { STORED_FILE_RE } from '../modules/images/images.schema';
import { saveUploadOnce, uploadExists } from '../modules/images/images.storage';
import type { DemoArt } from './demo-content';

// The demo publications' logos and background images (issue 10: "a working publication at first
// start"). Drawn as SVG, rasterised by sharp, then re-encoded and stored exactly like an upload
// (images.processing + images.storage), so they are served at /uploads/{name} like any other image.
// No text in the art: fonts differ between machines, shapes do not.

export type DemoImages = { image: string; backgroundImage: string };

const LOGO_SIZE = 256;
const BACKGROUND = { width: 1500, height: 500 };

/**
 * A stable file name per picture: seeding another empty database (tests, a reset) finds the file
 * already there and neither draws it again nor piles up copies. Bump the version when the drawing
 * changes.
 */
function storedName(subdomain: string, kind: 'logo' | 'background'): string {
  const hex = createHash('sha256').update(`lamplight-demo:v2:${subdomain}:${kind}`).digest('hex');
  const name = `${hex.slice(0, 32)}.webp`;
  if (!STORED_FILE_RE.test(name)) throw new Error(`Not a stored upload name: ${name}`);
  return name;
}

function logoSvg(art: DemoArt): string {
  const [light, dark] = art.colors;
  const motif =
    art.motif === 'wheat'
      ? // A wheat ear: a stem with grains either side.
        `<path d="M128 210 V70" stroke="${art.ink}" stroke-width="8" stroke-linecap="round"/>` +
        [0, 1, 2, 3]
          .map((i) => {
            const y = 92 + i * 28;
            return (
              `<ellipse cx="108" cy="${y}" rx="11" ry="22" transform="rotate(-30 108 ${y})" fill="${art.ink}"/>` +
              `<ellipse cx="148" cy="${y}" rx="11" ry="22" transform="rotate(30 148 ${y})" fill="${art.ink}"/>`
            );
          })
          .join('') +
        `<ellipse cx="128" cy="64" rx="10" ry="20" fill="${art.ink}"/>`
      : // A path winding up a hill towards a rising sun.
        `<circle cx="170" cy="92" r="30" fill="${art.ink}" opacity=".9"/>` +
        `<path d="M0 196 Q90 120 150 160 T256 136 V256 H0 Z" fill="${art.ink}" opacity=".55"/>` +
        `<path d="M104 256 C116 210 152 200 140 176 S156 150 168 142" stroke="${dark}" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE}" height="${LOGO_SIZE}" viewBox="0 0 256 256">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/>
    </linearGradient>
    <clipPath id="tile"><rect width="256" height="256" rx="56"/></clipPath>
  </defs>
  <g clip-path="url(#tile)">
    <rect width="256" height="256" fill="url(#g)"/>
    ${motif}
  </g>
</svg>`;
}

function backgroundSvg(art: DemoArt): string {
  const [light, dark] = art.colors;
  const { width: w, height: h } = BACKGROUND;
  // Soft rolling hills under a glow: quiet enough for the name and logo to sit on top of it.
  const hills = [0.66, 0.78, 0.9]
    .map((level, i) => {
      const y = Math.round(h * level);
      const wave = 40 + i * 15;
      return `<path d="M0 ${y} C${w * 0.25} ${y - wave} ${w * 0.45} ${y + wave} ${w * 0.7} ${y - wave / 2} S${w} ${y} ${w} ${y} V${h} H0 Z" fill="${dark}" opacity="${0.25 + i * 0.2}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#ffffff"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.72" cy="0.42" r="0.35">
      <stop offset="0" stop-color="#ffffff" stop-opacity=".85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <rect width="${w}" height="${h}" fill="url(#glow)"/>
  ${hills}
</svg>`;
}

async function store(name: string, svg: string): Promise<string> {
  const url = `/uploads/${name}`;
  if (uploadExists(name)) return url;
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const { bytes } = await reencodeImage(png, 'png');
  // false: a seeder running beside this one stored the same picture first.
  await saveUploadOnce(name, bytes);
  return url;
}

/** Draws and stores the logo and background of one demo publication; answers their URLs. */
export async function storeDemoPublicationImages(subdomain: string, art: DemoArt): Promise<DemoImages> {
  const [image, backgroundImage] = await Promise.all([
    store(storedName(subdomain, 'logo'), logoSvg(art)),
    store(storedName(subdomain, 'background'), backgroundSvg(art)),
  ]);
  return { image, backgroundImage };
}
