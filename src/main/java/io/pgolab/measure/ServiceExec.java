package io.pgolab.measure;

import io.pgolab.process.Measurement;
/**
 * One measured life of a server under load, for service subjects: the caller starts the server on
 * serverCpu, loads it from clientCpu and stops it. Metrics come from the server's rusage; the
 * clients' output goes to the parser.
 */
public interface ServiceExec {
    Outcome run(int serverCpu, int clientCpu);

    /** The server's measurement over its life, what the clients printed, and the load window. */
    record Outcome(Measurement server, String clientOutput, double loadSeconds) {
    }
}
