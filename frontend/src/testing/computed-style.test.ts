import { afterEach, describe, expect, it } from 'vitest';

import { jsdomComputedStyle } from './computed-style';

/** What Testing Library, jest-dom and user-event read (antd reads inline sizes: below). */
const properties = ['display', 'visibility', 'pointer-events', 'opacity'] as const;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the component tests’ getComputedStyle', () => {
  it('answers what jsdom’s own does for what tests and antd read, with no style sheet', () => {
    document.body.innerHTML = `
      <main>
        <div id="block"><span id="inline">a</span><p id="p">b</p></div>
        <ul><li id="li">c</li></ul>
        <table><tbody id="tbody"><tr id="tr"><td id="td">d</td></tr></tbody></table>
        <button id="button">e</button><input id="input" /><input id="hidden-input" type="HIDDEN" />
        <div id="hidden" hidden><span id="in-hidden">f</span></div>
        <div id="until-found" hidden="until-found">g</div>
        <table><tbody><tr id="hidden-row" hidden><td>g</td></tr></tbody></table>
        <dialog id="closed-dialog">h</dialog><dialog id="open-dialog" open>i</dialog>
        <div id="popover" popover>j</div>
        <div id="invisible" style="visibility: hidden"><span id="inherits">k</span>
          <span id="visible-again" style="visibility: visible">l</span></div>
        <div id="no-pointer" style="pointer-events: none"><a id="link" href="#">m</a></div>
        <div id="inline-style" style="display: flex; opacity: 0.5; height: 12px">n</div>
        <span id="shown" hidden style="display: block">o</span>
        <template id="template"></template><script id="script"></script>
      </main>`;
    const elements = [...document.querySelectorAll('[id]')];
    expect(elements).toHaveLength(26);
    for (const element of elements) {
      const cheap = window.getComputedStyle(element);
      const jsdom = jsdomComputedStyle(element);
      for (const property of properties) {
        expect(`${element.id} ${property}: ${cheap.getPropertyValue(property)}`).toBe(
          `${element.id} ${property}: ${jsdom.getPropertyValue(property)}`,
        );
      }
      expect(`${element.id}: ${cheap.display} ${cheap.visibility} ${cheap.height}`).toBe(
        `${element.id}: ${jsdom.display} ${jsdom.visibility} ${element.id === 'inline-style' ? jsdom.height : ''}`,
      );
    }
  });

  it('reads every inline property, by its CSS name or its camel-case one, as a live declaration', () => {
    document.body.innerHTML = `<div id="a" style="pointer-events: none; opacity: 0.5; padding: 0 4px; --gap: 3px; -webkit-line-clamp: 2"><span>x</span></div>`;
    const element = document.getElementById('a') as HTMLElement;
    const cheap = window.getComputedStyle(element);
    const jsdom = jsdomComputedStyle(element);
    for (const property of [
      'opacity',
      'padding-left',
      'padding-top',
      '--gap',
      '-webkit-line-clamp',
      'height',
    ]) {
      expect(`${property}: ${cheap.getPropertyValue(property)}`).toBe(
        `${property}: ${jsdom.getPropertyValue(property)}`,
      );
    }
    expect([
      cheap.pointerEvents,
      cheap.opacity,
      cheap.paddingLeft,
      cheap.webkitLineClamp,
      cheap.display,
    ]).toEqual(['none', '0.5', '4px', '2', 'block']);
    expect(window.getComputedStyle(element.firstElementChild as Element).pointerEvents).toBe('none');
    element.style.display = 'flex';
    expect(cheap.display).toBe('flex');
  });

  it('is the cheap one, installed once by the setup file', () => {
    expect(window.getComputedStyle).not.toBe(jsdomComputedStyle);
    const element = document.createElement('div');
    document.body.append(element);
    element.hidden = true;
    expect(window.getComputedStyle(element).display).toBe('none');
    element.hidden = false;
    expect(window.getComputedStyle(element).display).toBe('block');
  });
});
