package io.crosscheck.engine.netty;

import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineProgress;
import io.crosscheck.engine.EngineResult;
import io.crosscheck.record.RecordSink;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.Ticker;

/** SKELETON. */
public final class NettyEngine implements Engine {
  @Override
  public String name() {
    return "netty";
  }

  @Override
  public EngineResult run(Schedule schedule, EngineOptions options, Ticker ticker, RecordSink sink,
      EngineProgress progress) throws InterruptedException {
    throw new UnsupportedOperationException("skeleton");
  }
}
