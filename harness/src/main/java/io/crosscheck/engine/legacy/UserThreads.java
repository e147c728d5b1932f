package io.crosscheck.engine.legacy;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Makes the legacy engines' user threads: platform threads (daemon, with the requested stack size
 * through the {@code Thread(ThreadGroup, Runnable, String, long)} constructor) or virtual threads.
 * The build targets Java 17, so virtual threads are reached by reflection on
 * {@code Thread.ofVirtual()} / {@code Thread.Builder}; on a JVM without them the options fail
 * validation with a clear message. Thread-safe (immutable).
 */
final class UserThreads {
  private static final Method OF_VIRTUAL;
  private static final Method NAME;
  private static final Method UNSTARTED;
  private static final String PROBLEM;

  static {
    Method ofVirtual = null;
    Method name = null;
    Method unstarted = null;
    String problem = null;
    try {
      ofVirtual = Thread.class.getMethod("ofVirtual");
      Class<?> builder = Class.forName("java.lang.Thread$Builder");
      name = builder.getMethod("name", String.class);
      unstarted = builder.getMethod("unstarted", Runnable.class);
      ofVirtual.invoke(null); // JDK 19-20: a preview API that throws unless enabled
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      Throwable cause = e instanceof InvocationTargetException ite ? ite.getCause() : e;
      problem = "virtual threads need JDK 21 or later; this JVM is Java "
          + System.getProperty("java.version") + " (" + System.getProperty("java.home") + ") and "
          + (cause instanceof NoSuchMethodException ? "has no Thread.ofVirtual()" : "refused it: " + cause)
          + "; run the engine on a newer JVM or use platform threads";
    }
    OF_VIRTUAL = problem == null ? ofVirtual : null;
    NAME = name;
    UNSTARTED = unstarted;
    PROBLEM = problem;
  }

  private final boolean virtual;
  private final long stackSizeBytes;

  UserThreads(LegacyOptions options) {
    this.virtual = options.virtualThreads();
    this.stackSizeBytes = options.threadStackSizeBytes();
  }

  /** Why virtual threads are unavailable here, or null when they are available. */
  static String virtualProblem() {
    return PROBLEM;
  }

  boolean virtual() {
    return virtual;
  }

  /**
   * An unstarted user thread. Creating and starting it may throw {@link OutOfMemoryError}; the
   * caller turns that into a {@link LegacyEngineLimit}.
   */
  Thread newThread(Runnable body, String name) {
    if (!virtual) {
      Thread t = new Thread(null, body, name, stackSizeBytes);
      t.setDaemon(true); // a user stuck in a read must not keep the JVM alive
      return t;
    }
    if (PROBLEM != null) {
      throw new IllegalStateException(PROBLEM);
    }
    try {
      Object builder = NAME.invoke(OF_VIRTUAL.invoke(null), name);
      return (Thread) UNSTARTED.invoke(builder, body);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException("cannot create a virtual thread", e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot create a virtual thread", e);
    }
  }
}
