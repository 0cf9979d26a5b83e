import { afterEach, describe, expect, it } from 'vitest';

import { jsdomLabelsOf } from './labels';

afterEach(() => {
  document.body.innerHTML = '';
});

const idsOf = (labels: ArrayLike<HTMLLabelElement> | null | undefined) =>
  labels == null ? null : Array.from(labels, (label) => label.id);

describe('the component tests’ labels', () => {
  it('answers what jsdom’s own does, for each kind of label and control', () => {
    document.body.innerHTML = `
      <label id="l-for" for="name">Nom</label><input id="name" />
      <label id="l-wrap">Ville <input id="city" /><input id="second-in-label" /></label>
      <label id="l-both" for="name">Nom encore <input id="wrapped-but-for" /></label>
      <label id="l-empty-for" for="">Rien <input id="under-empty-for" /></label>
      <label id="l-hidden" for="secret">Secret</label><input id="secret" type="hidden" />
      <label id="l-div" for="block">Bloc</label><div id="block"></div>
      <label id="l-dup" for="twice">Deux</label><select id="twice"></select><textarea id="twice"></textarea>
      <label id="l-button">Bouton <button id="button">Ok</button></label>
      <label id="l-nested-first"><span><textarea id="notes"></textarea></span></label>
      <label id="l-deep"><span><b>x</b></span><span><i><select id="deep"></select></i></span></label>
      <label id="l-hidden-first"><input type="HIDDEN" id="hidden-first" /><input id="after-hidden" /></label>
      <svg><foreignObject><label id="l-svg" for="in-svg">Svg</label></foreignObject></svg><input id="in-svg" />
      <input id="unlabelled" aria-label="Sans label" />
      <progress id="progress"></progress><meter id="meter"></meter><output id="output"></output>`;
    const controls = [
      ...document.querySelectorAll('input, button, select, textarea, progress, meter, output, div'),
    ];
    expect(controls).toHaveLength(19);
    for (const control of controls) {
      expect(`${control.id}: ${JSON.stringify(idsOf((control as HTMLInputElement).labels))}`).toBe(
        `${control.id}: ${JSON.stringify(idsOf(jsdomLabelsOf(control)))}`,
      );
    }
    expect(idsOf((document.getElementById('name') as HTMLInputElement).labels)).toEqual(['l-for', 'l-both']);
  });

  it('answers what jsdom’s own does in a tree outside the document', () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <label id="d-for" for="d-name">Nom</label><span><input id="d-name" /></span>
      <label id="d-wrap"><span></span><span><input id="d-city" /></span></label>
      <label id="d-none" for="nowhere">Rien</label>`;
    for (const control of root.querySelectorAll('input')) {
      expect(`${control.id}: ${JSON.stringify(idsOf(control.labels))}`).toBe(
        `${control.id}: ${JSON.stringify(idsOf(jsdomLabelsOf(control)))}`,
      );
    }
    expect(idsOf((root.querySelector('#d-name') as HTMLInputElement).labels)).toEqual(['d-for']);
  });

  it('follows the document as it changes', () => {
    document.body.innerHTML = '<label id="l" for="a">A</label><input id="b" />';
    const input = document.getElementById('b') as HTMLInputElement;
    expect(input.labels).toHaveLength(0);
    input.id = 'a';
    expect(idsOf(input.labels)).toEqual(['l']);
  });
});
