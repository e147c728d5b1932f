package io.crosscheck.model.spec;

import io.crosscheck.model.Workload;

/** Turns a {@link WorkloadSpec} into a {@link Workload}, collecting every problem. */
final class WorkloadSpecBuilder {
  private WorkloadSpecBuilder() {}

  static Workload build(WorkloadSpec spec) throws SpecException {
    throw new UnsupportedOperationException("TODO: implemented by the spec work");
  }
}
