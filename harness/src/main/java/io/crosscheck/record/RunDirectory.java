package io.crosscheck.record;

import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineResult;
import io.crosscheck.model.Workload;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** SKELETON. */
public final class RunDirectory {
  private RunDirectory() {}

  public static RunDirectory create(Path base, String name) throws IOException {
    throw new UnsupportedOperationException("skeleton");
  }

  public Path path() {
    throw new UnsupportedOperationException("skeleton");
  }

  public Path requestsCsv() {
    throw new UnsupportedOperationException("skeleton");
  }

  public void writeStart(List<String> command, Workload workload, long seed, String digest,
      String engineName, EngineOptions options, ClockOffset clock) throws IOException {
    throw new UnsupportedOperationException("skeleton");
  }

  public void writeEnd(String status, EngineResult result) throws IOException {
    throw new UnsupportedOperationException("skeleton");
  }
}
