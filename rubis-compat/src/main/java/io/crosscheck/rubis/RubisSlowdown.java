package io.crosscheck.rubis;

import io.crosscheck.model.Phase;

/**
 * The RUBiS client's think-time slowdown: every think time drawn during ramp-up is multiplied by
 * {@code workload_up_ramp_slowdown_factor}, during the run (the measure phase) by 1, during
 * ramp-down by {@code workload_down_ramp_slowdown_factor}, each factor truncated to an integer as
 * the client does. The phase is the run's, on the engine's clock, when the think time is drawn
 * (see {@link io.crosscheck.model.SessionScript#next(io.crosscheck.model.Reply, Phase)}). Immutable.
 *
 * @param upRampFactor the up-ramp factor, >= 0
 * @param downRampFactor the down-ramp factor, >= 0
 */
public record RubisSlowdown(int upRampFactor, int downRampFactor) {
  /** Factor 1 in every phase. */
  public static final RubisSlowdown NONE = new RubisSlowdown(1, 1);

  public RubisSlowdown {
    if (upRampFactor < 0 || downRampFactor < 0) {
      throw new IllegalArgumentException("slowdown factors must be >= 0: up-ramp " + upRampFactor
          + ", down-ramp " + downRampFactor);
    }
  }

  /** The factors that {@code properties} give. */
  public static RubisSlowdown of(RubisProperties properties) {
    return new RubisSlowdown(properties.slowdownFactor("workload_up_ramp_slowdown_factor"),
        properties.slowdownFactor("workload_down_ramp_slowdown_factor"));
  }

  /** The factor in force in {@code phase}. */
  public int factorIn(Phase phase) {
    return switch (phase) {
      case RAMP_UP -> upRampFactor;
      case RAMP_DOWN -> downRampFactor;
      case MEASURE -> 1;
    };
  }

  /** E.g. {@code 2/1/3 (up-ramp/run/down-ramp)}. */
  public String describe() {
    return upRampFactor + "/1/" + downRampFactor + " (up-ramp/run/down-ramp)";
  }
}
