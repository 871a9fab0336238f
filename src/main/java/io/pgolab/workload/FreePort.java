package io.pgolab.workload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Picks TCP ports for servers started by pgolab. */
public final class FreePort {
    private FreePort() {
    }

    /**
     * A TCP port on 127.0.0.1 that was free a moment ago: binds port 0, reads the port the kernel
     * chose and closes the socket. Another process may still grab it before the server binds it.
     */
    public static int pick() {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(false);
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free TCP port on 127.0.0.1", e);
        }
    }
}
