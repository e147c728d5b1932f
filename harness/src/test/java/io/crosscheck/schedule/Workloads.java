package io.crosscheck.schedule;

import io.crosscheck.model.Workload;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.model.spec.WorkloadSpec;
import java.util.function.Consumer;

/** Builds test workloads the way users do: through {@link WorkloadSpec#build()}. */
final class Workloads {
  private Workloads() {}

  static Workload build(Consumer<WorkloadSpec> options) {
    WorkloadSpec spec = new WorkloadSpec();
    options.accept(spec);
    try {
      return spec.build();
    } catch (SpecException e) {
      throw new AssertionError("test spec does not build:\n" + e.getMessage(), e);
    }
  }
}
