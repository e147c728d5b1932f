package io.crosscheck.child;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How to run a main class in a child JVM of another Java installation ({@code --jvm}) with other
 * options ({@code --jvm-opt}), so the engine under audit runs in the JVM being studied while
 * capture and comparison stay in the parent.
 *
 * <p>The command is {@code <javaHome>/bin/java <jvmOpts> -cp <classpath> <mainClass> <args>}. The
 * classpath defaults to the parent's {@code java.class.path}: the child runs the same crosscheck
 * jars. Options are passed verbatim; on release 24 and later {@code
 * --enable-native-access=ALL-UNNAMED} and {@code --sun-misc-unsafe-memory-access=allow} are added
 * (Netty's native transport and Unsafe use would otherwise warn, and later deny) unless the options
 * already set them.
 *
 * <p>Output: inherited, or stdout and stderr merged into a file (e.g. {@code child.out} in the run
 * directory), optionally also copied as bytes to a stream of the parent (so a child's {@code \r}
 * progress line shows on the parent's terminal).
 *
 * <p>Immutable and thread-safe; {@link #start()} may be called more than once.
 */
public final class ChildJvm {
  /** Added on release 24+ unless the options say otherwise. */
  static final List<String> JDK24_DEFAULT_OPTS =
      List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow");

  /** Default time a child gets to exit after SIGTERM before it is killed. */
  public static final Duration DEFAULT_STOP_GRACE = Duration.ofSeconds(15);

  private final JavaInstallation installation;
  private final List<String> jvmOpts;
  private final List<String> effectiveJvmOpts;
  private final String classpath;
  private final String mainClass;
  private final List<String> args;
  private final Path outputFile;
  private final OutputStream copyOutputTo;
  private final Duration stopGrace;
  private final Path workingDirectory;
  private final List<String> commandPrefix;

  private ChildJvm(Builder b, JavaInstallation installation) {
    this.installation = installation;
    this.jvmOpts = List.copyOf(b.jvmOpts);
    this.effectiveJvmOpts = effectiveOpts(installation.featureVersion(), jvmOpts);
    this.classpath = b.classpath;
    this.mainClass = b.mainClass;
    this.args = List.copyOf(b.args);
    this.outputFile = b.outputFile;
    this.copyOutputTo = b.copyOutputTo;
    this.stopGrace = b.stopGrace;
    this.workingDirectory = b.workingDirectory;
    this.commandPrefix = List.copyOf(b.commandPrefix);
  }

  /** A builder for a child of the Java installation at {@code javaHome}. */
  public static Builder builder(Path javaHome) {
    return new Builder(javaHome);
  }

  static List<String> effectiveOpts(int featureVersion, List<String> given) {
    List<String> opts = new ArrayList<>();
    if (featureVersion >= 24) {
      for (String d : JDK24_DEFAULT_OPTS) {
        String key = d.substring(0, d.indexOf('=') + 1);
        if (given.stream().noneMatch(o -> o.startsWith(key))) {
          opts.add(d);
        }
      }
    }
    opts.addAll(given);
    return List.copyOf(opts);
  }

  /** The installation, checked and with its version read. */
  public JavaInstallation installation() {
    return installation;
  }

  /** The options the child gets: the given ones, after any added defaults. */
  public List<String> effectiveJvmOpts() {
    return effectiveJvmOpts;
  }

  /** The full command line. */
  public List<String> command() {
    List<String> cmd = new ArrayList<>(commandPrefix);
    cmd.add(installation.javaExecutable().toString());
    cmd.addAll(effectiveJvmOpts);
    cmd.add("-cp");
    cmd.add(classpath);
    cmd.add(mainClass);
    cmd.addAll(args);
    return cmd;
  }

  /**
   * The child JVM as run.json describes it.
   *
   * @param javaHome the JDK
   * @param javaVersion its {@code java.version}
   * @param featureVersion its feature release (17, 25, ...)
   * @param vmName its VM
   * @param vendor its vendor
   * @param jvmOpts the options as given
   * @param effectiveJvmOpts the options the child ran with (those added for its JDK included)
   * @param mainClass the class run
   * @param args its arguments
   */
  public record Description(String javaHome, String javaVersion, int featureVersion, String vmName, String vendor,
      List<String> jvmOpts, List<String> effectiveJvmOpts, String mainClass, List<String> args) {}

  /** The child JVM for run.json. */
  public Description describe() {
    return new Description(installation.javaHome().toString(), installation.javaVersion(),
        installation.featureVersion(), installation.vmName(), installation.vendor(), jvmOpts, effectiveJvmOpts,
        mainClass, args);
  }

  /**
   * Starts the child. Until it exits, a shutdown hook of the parent (Ctrl-C, SIGTERM) stops it:
   * SIGTERM, then SIGKILL after the stop grace.
   */
  public ChildProcess start() throws IOException {
    ProcessBuilder pb = new ProcessBuilder(command());
    if (workingDirectory != null) {
      pb.directory(workingDirectory.toFile());
    }
    if (outputFile == null) {
      pb.inheritIO();
    } else {
      pb.redirectInput(ProcessBuilder.Redirect.INHERIT);
      pb.redirectErrorStream(true);
      if (copyOutputTo == null) {
        pb.redirectOutput(ProcessBuilder.Redirect.appendTo(outputFile.toFile()));
      }
    }
    return ChildProcess.start(pb, outputFile, copyOutputTo, stopGrace);
  }

  /** Builds a {@link ChildJvm}; {@link #build()} checks the Java installation. */
  public static final class Builder {
    private final Path javaHome;
    private final List<String> jvmOpts = new ArrayList<>();
    private String classpath = System.getProperty("java.class.path");
    private String mainClass;
    private final List<String> args = new ArrayList<>();
    private Path outputFile;
    private OutputStream copyOutputTo;
    private Duration stopGrace = DEFAULT_STOP_GRACE;
    private Path workingDirectory;
    private final List<String> commandPrefix = new ArrayList<>();

    private Builder(Path javaHome) {
      this.javaHome = Objects.requireNonNull(javaHome, "javaHome");
    }

    /** JVM options, passed verbatim and in order (e.g. {@code -Xint}, {@code -Xmx64m}). */
    public Builder jvmOpts(List<String> opts) {
      jvmOpts.addAll(opts);
      return this;
    }

    /** The child's classpath; default the parent's {@code java.class.path}. */
    public Builder classpath(String cp) {
      classpath = Objects.requireNonNull(cp, "classpath");
      return this;
    }

    /** The main class and its arguments. */
    public Builder main(String className, List<String> arguments) {
      mainClass = Objects.requireNonNull(className, "mainClass");
      args.clear();
      args.addAll(arguments);
      return this;
    }

    /**
     * Runs {@code className.main(arguments)} through {@link ChildRunMain}, which also ends the child
     * if the parent dies without stopping it (SIGKILL). The job is written to {@code jobFile}.
     */
    public Builder job(Path jobFile, String className, List<String> arguments) throws IOException {
      ChildRunMain.writeJob(jobFile, className, arguments);
      return main(ChildRunMain.class.getName(), List.of(jobFile.toAbsolutePath().toString()));
    }

    /** Merges the child's stdout and stderr into this file (appended). */
    public Builder outputFile(Path file) {
      outputFile = file;
      return this;
    }

    /** Also copies the merged output, byte for byte, to this stream (needs {@link #outputFile}). */
    public Builder copyOutputTo(OutputStream out) {
      copyOutputTo = out;
      return this;
    }

    /** Time between SIGTERM and SIGKILL when the child is stopped; default 15 s. */
    public Builder stopGrace(Duration grace) {
      stopGrace = Objects.requireNonNull(grace, "stopGrace");
      return this;
    }

    /**
     * A command the JVM is started under, e.g. {@code ip netns exec NS} (which execs it, so the
     * process stopped is the JVM itself); default none.
     */
    public Builder commandPrefix(List<String> prefix) {
      commandPrefix.clear();
      commandPrefix.addAll(prefix);
      return this;
    }

    /** The child's working directory; default the parent's. */
    public Builder workingDirectory(Path dir) {
      workingDirectory = dir;
      return this;
    }

    /**
     * Checks the installation (see {@link JavaInstallation#inspect}) and the settings.
     *
     * @throws IllegalArgumentException with a message naming the problem
     */
    public ChildJvm build() {
      if (mainClass == null) {
        throw new IllegalArgumentException("child JVM: no main class (call main(...) or job(...))");
      }
      if (copyOutputTo != null && outputFile == null) {
        throw new IllegalArgumentException("child JVM: copyOutputTo needs an outputFile");
      }
      return new ChildJvm(this, JavaInstallation.inspect(javaHome));
    }
  }
}
