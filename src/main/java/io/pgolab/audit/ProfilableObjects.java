package io.pgolab.audit;

import io.pgolab.toolchain.CompileRecord;
import io.pgolab.toolchain.elf.ElfFunctions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which objects of a GCC build can have a profile at all: GCC writes a .gcda only for an object with
 * instrumented functions that was linked into the program the training ran. An assembly source (.S), an
 * object without functions (a table of data), or an object the artifact's link did not use never has
 * one, and "run 'pgolab build --retrain'" would never help: such objects are left out of the count.
 * When something cannot be told (a slim LTO object, a shared library of the project, no link recorded)
 * the object counts, so a real loss is still reported.
 */
final class ProfilableObjects {
    private static final Set<String> ASSEMBLY = Set.of("s", "S", "sx");
    private static final int AR_HEADER = 60;
    private static final String SIZE = "\0size=";
    private static final long MAX_ARCHIVE_NAMES = 64L << 20;
    /** Members and objects up to this size are told apart by their bytes, beyond by name and size only. */
    private static final long MAX_HASHED = 256L << 20;
    private static final String HASH = "\0sha256=";
    private static final String PATH = "\0path=";
    private final Set<Path> linkedPaths = new HashSet<>();
    private final Set<String> archiveMembers = new HashSet<>();
    private final boolean everything;
    private final Path artifact;
    private Set<String> artifactFunctions;

    /** artifact: the built program; links: the build's link records. */
    ProfilableObjects(Path artifact, List<CompileRecord> links) {
        List<CompileRecord> own = links.stream().filter(l -> output(l).map(o -> same(o, artifact)).orElse(false)).toList();
        List<CompileRecord> used = own.isEmpty() ? links : own;   // a program copied or renamed after its link: all links
        boolean unknown = used.isEmpty();
        for (CompileRecord l : used) {
            for (Path in : inputs(l)) {
                String n = in.getFileName() == null ? "" : in.getFileName().toString();
                if (n.endsWith(".a")) {
                    unknown |= !members(in, archiveMembers);
                } else if (n.endsWith(".so") || n.contains(".so.")) {
                    // the project's own shared library: which objects it holds is not read, so they all count
                    unknown |= Files.isRegularFile(in) && !in.startsWith("/usr") && !in.startsWith("/lib");
                } else {
                    linkedPaths.add(in.normalize());
                }
            }
        }
        this.everything = unknown;
        this.artifact = artifact;
    }

    /** Why object (of compile c) can have no profile; empty when it can. */
    Optional<String> cannotHaveProfile(CompileRecord c, Path object) {
        if (c.sources().stream().allMatch(s -> ASSEMBLY.contains(extension(s)))) {
            return Optional.of("assembly");
        }
        if (!c.lto() && Files.isRegularFile(object)
                && ElfFunctions.inOrder(object).map(List::isEmpty).orElse(false)) {
            return Optional.of("no functions");
        }
        if (!everything && !linkedPaths.contains(object.normalize()) && (!inAnArchive(object) || notPulled(object))) {
            return Optional.of("not linked into the artifact");
        }
        return Optional.empty();
    }

    /**
     * An archive member the link did not pull: the linker takes from an archive only the members that define a symbol
     * the program needs (hello's and gzip's gnulib archives hold many it never calls). Told by the artifact's symbol
     * table: none of the object's functions is there. A stripped artifact, or an object without function symbols
     * (slim LTO), tells nothing: the object counts.
     */
    private boolean notPulled(Path object) {
        if (artifactFunctions == null) {
            artifactFunctions = ElfFunctions.inOrder(artifact).map(Set::copyOf).orElse(Set.of());
        }
        if (artifactFunctions.isEmpty()) {
            return false;
        }
        List<String> own = ElfFunctions.inOrder(object).orElse(List.of());
        return !own.isEmpty() && own.stream().noneMatch(artifactFunctions::contains);
    }

    /**
     * A member of a linked archive by name and, when the object is there to measure, by size: an archive
     * keeps only base names, and libtool compiles each source twice under one name (src/x.o for
     * .libs/libx.a, src/.libs/x.o with -fPIC for the shared library the program may not link).
     */
    private boolean inAnArchive(Path object) {
        String name = object.getFileName().toString();
        if (archiveMembers.contains(PATH + object.toAbsolutePath().normalize())) {
            return true;
        }
        try (FileChannel ch = FileChannel.open(object, StandardOpenOption.READ)) {
            long size = ch.size();
            String sized = name + SIZE + size;
            if (!archiveMembers.contains(sized) || size > MAX_HASHED) {
                return archiveMembers.contains(sized);
            }
            String hashed = sized + HASH + sha256(ch, 0, size);
            // an archive of the same name and size but none with these bytes: another target's copy of the source
            return archiveMembers.contains(hashed) || archiveMembers.stream().noneMatch(k -> k.startsWith(sized + HASH));
        } catch (IOException e) {
            return archiveMembers.contains(name);
        }
    }

    private static String sha256(FileChannel ch, long from, long len) throws IOException {
        MessageDigest d;
        try {
            d = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        ByteBuffer b = ByteBuffer.allocate(1 << 16);
        long at = from;
        long end = from + len;
        while (at < end) {
            b.clear().limit((int) Math.min(b.capacity(), end - at));
            int n = ch.read(b, at);
            if (n <= 0) {
                throw new IOException("archive member cut short");
            }
            d.update(b.array(), 0, n);
            at += n;
        }
        return HexFormat.of().formatHex(d.digest());
    }

    private static Optional<Path> output(CompileRecord l) {
        return Optional.of(l.cwd().resolve(l.value("-o").orElse("a.out")).normalize());
    }

    private static boolean same(Path a, Path b) {
        try {
            return a.equals(b) || (Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b));
        } catch (IOException e) {
            return false;
        }
    }

    /** Positional inputs, plus -lNAME found as libNAME.a/.so in the link's -L directories (the project's own libraries). */
    private static List<Path> inputs(CompileRecord l) {
        List<Path> out = new ArrayList<>(l.inputs());
        List<Path> dirs = new ArrayList<>();
        List<String> libs = new ArrayList<>();
        List<String> a = l.args();
        for (int i = 0; i < a.size(); i++) {
            String s = a.get(i);
            if (s.equals("-L") && i + 1 < a.size()) {
                dirs.add(l.cwd().resolve(a.get(++i)));
            } else if (s.startsWith("-L") && s.length() > 2) {
                dirs.add(l.cwd().resolve(s.substring(2)));
            } else if (s.equals("-l") && i + 1 < a.size()) {
                libs.add(a.get(++i));
            } else if (s.startsWith("-l") && s.length() > 2) {
                libs.add(s.substring(2));
            }
        }
        for (String lib : libs) {
            for (Path d : dirs) {
                Path so = d.resolve("lib" + lib + ".so");
                Path ar = d.resolve("lib" + lib + ".a");
                if (Files.isRegularFile(so)) {
                    out.add(so.normalize());
                    break;
                }
                if (Files.isRegularFile(ar)) {
                    out.add(ar.normalize());
                    break;
                }
            }
        }
        return out;
    }

    /**
     * Adds the member names of an ar archive (GNU and BSD-style short names, GNU's "//" long-name table,
     * thin archives); false when it cannot be read.
     */
    static boolean members(Path archive, Set<String> into) {
        try (FileChannel ch = FileChannel.open(archive, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer magic = ByteBuffer.allocate(8);
            ch.read(magic, 0);
            String m = new String(magic.array(), StandardCharsets.US_ASCII);
            boolean thin = m.equals("!<thin>\n");
            if (!thin && !m.equals("!<arch>\n")) {
                return false;
            }
            String longNames = "";
            long at = 8;
            while (at + AR_HEADER <= size) {
                ByteBuffer h = ByteBuffer.allocate(AR_HEADER);
                ch.read(h, at);
                String header = new String(h.array(), StandardCharsets.US_ASCII);
                String name = header.substring(0, 16).strip();
                long len = Long.parseLong(header.substring(48, 58).strip());
                long data = at + AR_HEADER;
                if (name.equals("//")) {
                    if (len > MAX_ARCHIVE_NAMES) {
                        return false;
                    }
                    ByteBuffer t = ByteBuffer.allocate((int) len);
                    ch.read(t, data);
                    longNames = new String(t.array(), StandardCharsets.UTF_8);
                } else if (!name.equals("/") && !name.equals("/SYM64/") && !name.startsWith("__.SYMDEF")) {
                    String full = name;
                    if (name.startsWith("/") && name.length() > 1) {
                        int off = Integer.parseInt(name.substring(1));
                        int end = longNames.indexOf('\n', off);
                        full = longNames.substring(off, end < 0 ? longNames.length() : end);
                    }
                    full = full.endsWith("/") ? full.substring(0, full.length() - 1) : full;
                    String base = full.substring(full.lastIndexOf('/') + 1);
                    into.add(base);
                    into.add(base + SIZE + len);   // libtool's src/x.o and src/.libs/x.o share a name, not a size
                    if (thin) {
                        into.add(PATH + archive.toAbsolutePath().getParent().resolve(full).normalize());
                    } else if (len <= MAX_HASHED) {
                        // CMake's cmark and cmark_static targets compile each source twice under one name, with and
                        // without -fPIC, often to the same size: the bytes tell the archive's copy from the other
                        into.add(base + SIZE + len + HASH + sha256(ch, data, len));
                    }
                }
                boolean inline = !thin || name.equals("/") || name.equals("//") || name.equals("/SYM64/");
                at = data + (inline ? len + (len & 1) : 0);
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static String extension(Path p) {
        String n = p.getFileName() == null ? "" : p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(dot + 1);
    }
}
