import * as v from 'valibot';
import { filterKinds, flowTypes, inputKinds } from '../domain/enumerations.js';
import { predefinedWorkflows } from '../domain/workflows.js';
import { CreateFlowInputSchema, FlowFilterSchema, flowNamePattern } from './flows.js';

describe('the flows contract', () => {
  it('takes every filter kind of the spec, spelt as there', () => {
    const kinds = FlowFilterSchema.options.map((option) => option.entries.kind.literal);
    expect([...kinds].sort()).toEqual([...filterKinds].sort());
  });

  it('refuses names with path or control characters with the spec-style message', () => {
    expect(flowNamePattern.test('Weekly reviews (EN)')).toBe(true);
    for (const bad of ['a/b', 'a\\b', 'what?', 'tab\there', 'x|y'])
      expect(flowNamePattern.test(bad)).toBe(false);
    const result = v.safeParse(CreateFlowInputSchema, {
      name: '   ',
      flowType: 'customFlow',
      analysisType: 'contentAnalysis',
      dataSources: [],
    });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => issue.message)).toEqual(
      expect.arrayContaining(['This field is required', 'Add at least one data source.']),
    );
    expect(flowTypes).toContain('customFlow');
  });

  it('declares inputs of the spec kinds only, with defaults of the right type, for every predefined workflow', () => {
    for (const workflow of predefinedWorkflows) {
      for (const input of workflow.inputs) {
        expect(inputKinds).toContain(input.kind);
        const expected =
          input.kind === 'boolean'
            ? 'boolean'
            : input.kind === 'numeric' || input.kind === 'slider'
              ? 'number'
              : 'string';
        expect(typeof input.default).toBe(expected);
      }
    }
    expect(new Set(predefinedWorkflows.map((workflow) => workflow.id)).size).toBe(predefinedWorkflows.length);
  });
});
