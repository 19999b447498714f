import { Fragment } from 'react';
import { Formula } from '../../ui/formulas/Formula.tsx';
import { chapterNumber } from '../chapters/order.ts';
import { TryOne } from '../TryOne.tsx';
import type { Block, Inline } from './parse.ts';

/** A chapter's words (./parse.ts's blocks), drawn as the lesson's HTML. */
export function Words({ blocks }: { blocks: readonly Block[] }) {
  return blocks.map((block, i) => <WordsBlock key={i} block={block} />);
}

function WordsBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p className={block.style}>
          <Runs inlines={block.inlines} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i}>
          <Runs inlines={item} />
        </li>
      ));
      return block.ordered ? <ol className={block.style}>{items}</ol> : <ul className={block.style}>{items}</ul>;
    }
    case 'formula':
      return <Formula name={block.name} className={block.style} />;
    case 'practice':
      return (
        <TryOne level={block.level} seed={block.seed}>
          <Runs inlines={block.inlines} />
        </TryOne>
      );
  }
}

function Runs({ inlines }: { inlines: readonly Inline[] }) {
  return inlines.map((run, i) => <Fragment key={i}>{runNode(run)}</Fragment>);
}

function runNode(run: Inline) {
  switch (run.kind) {
    case 'text':
      return run.text;
    case 'term':
      return <dfn>{run.text}</dfn>;
    case 'strong':
      return <strong>{run.text}</strong>;
    case 'code':
      return <code>{run.text}</code>;
    case 'link':
      return <a href={run.href}>{run.text}</a>;
    case 'chapter':
      return chapterNumber(run.slug);
  }
}
