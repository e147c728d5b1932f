package io.crosscheck.record;

import io.crosscheck.model.Phases;
import java.io.IOException;

/** SKELETON. */
public final class RecordingSink implements RecordSink {
  public RecordingSink(RunDirectory dir, Phases phases) throws IOException {
    throw new UnsupportedOperationException("skeleton");
  }

  @Override
  public void accept(RequestRecord record) {
    throw new UnsupportedOperationException("skeleton");
  }

  public Summary close() throws IOException {
    throw new UnsupportedOperationException("skeleton");
  }
}
