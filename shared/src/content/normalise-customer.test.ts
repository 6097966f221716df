import { logoRenderSize, normaliseCustomer, normaliseCustomers } from './normalise-customer.js';
import type { RawCustomer } from './raw-schemas.js';

const customer = (name: string, priority: number, imageHeight: number | null = 40): RawCustomer => ({
  name,
  priority,
  imageHeight,
  image: { url: `/uploads/${name.toLowerCase()}.png`, alternativeText: null, width: 280, height: 104 },
});

describe('normaliseCustomer', () => {
  it('gives the logo with its name as alt text', () => {
    expect(normaliseCustomer(customer('Northwind', 2), { mediaBaseUrl: 'https://cms.test' })).toEqual({
      name: 'Northwind',
      priority: 2,
      imageHeight: 40,
      image: { url: 'https://cms.test/uploads/northwind.png', alt: 'Northwind', width: 280, height: 104 },
    });
  });

  it('defaults imageHeight to 48', () => {
    expect(normaliseCustomer(customer('Northwind', 2, null))?.imageHeight).toBe(48);
  });

  it('gives undefined without an image', () => {
    expect(normaliseCustomer({ ...customer('Northwind', 2), image: null })).toBeUndefined();
  });
});

describe('normaliseCustomers', () => {
  it('sorts ascending by priority', () => {
    const logos = normaliseCustomers([customer('C', 3), customer('A', 1), customer('B', 2)]);
    expect(logos.map((logo) => logo.name)).toEqual(['A', 'B', 'C']);
  });

  it('orders ties by name, whatever order the answer had', () => {
    const logos = normaliseCustomers([customer('Zeta', 1), customer('Alpha', 1), customer('First', 0)]);
    expect(logos.map((logo) => logo.name)).toEqual(['First', 'Alpha', 'Zeta']);
  });

  it('leaves out customers without an image', () => {
    expect(normaliseCustomers([{ ...customer('A', 1), image: null }, customer('B', 2)])).toHaveLength(1);
  });
});

describe('logoRenderSize', () => {
  const logo = (imageHeight: number, width?: number, height?: number) => ({
    imageHeight,
    image: { width, height },
  });

  it('draws the logo at its imageHeight keeping the aspect ratio', () => {
    expect(logoRenderSize(logo(48, 280, 104))).toEqual({ width: 129, height: 48 });
    expect(logoRenderSize(logo(48, 100, 200))).toEqual({ width: 24, height: 48 });
  });

  it('never draws taller than the 52 px box', () => {
    expect(logoRenderSize(logo(80, 280, 104))).toEqual({ width: 140, height: 52 });
  });

  it('scales a wide logo down to the 140 px box width', () => {
    expect(logoRenderSize(logo(48, 600, 100))).toEqual({ width: 140, height: 23 });
  });

  it('gives only the height when the image size is unknown', () => {
    expect(logoRenderSize(logo(48))).toEqual({ height: 48 });
  });

  it('fits any box it is given', () => {
    expect(logoRenderSize(logo(48, 280, 104), { width: 70, height: 26 })).toEqual({ width: 70, height: 26 });
  });
});
