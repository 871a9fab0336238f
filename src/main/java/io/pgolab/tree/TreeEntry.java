package io.pgolab.tree;

import io.pgolab.util.Strings;

/**
 * One entry of a tree's manifest: its path relative to the tree ("" for the tree itself, names joined by '/', each
 * written by {@link RawName}), its type, its permission bits (with setuid, setgid and sticky), and for a file its
 * size and SHA-256, for a symbolic link its target (written like a name). One line of the manifest file:
 * {@code path TAB type TAB mode TAB size TAB sha256-or-target}.
 */
public record TreeEntry(String path, Type type, int mode, long size, String data) {
    /** What an entry is. FIFO, SOCKET and DEVICE are never opened, and never published. */
    public enum Type {
        FILE('f', "a file"), DIRECTORY('d', "a directory"), LINK('l', "a symbolic link"), FIFO('p', "a FIFO (named pipe)"),
        SOCKET('s', "a unix socket"), CHAR_DEVICE('c', "a character device"), BLOCK_DEVICE('b', "a block device");

        final char code;
        final String said;

        Type(char code, String said) {
            this.code = code;
            this.said = said;
        }

        /** The type of a stat mode (st_mode's S_IFMT bits). */
        static Type ofMode(int mode) {
            return switch (mode & 0170000) {
                case 0100000 -> FILE;
                case 0040000 -> DIRECTORY;
                case 0120000 -> LINK;
                case 0010000 -> FIFO;
                case 0140000 -> SOCKET;
                case 0020000 -> CHAR_DEVICE;
                default -> BLOCK_DEVICE;
            };
        }

        static Type ofCode(char c) {
            for (Type t : values()) {
                if (t.code == c) {
                    return t;
                }
            }
            throw new IllegalArgumentException("no entry type '" + c + "'");
        }

        /** Neither a directory, a file nor a link: a FIFO, socket or device. */
        public boolean special() {
            return this != FILE && this != DIRECTORY && this != LINK;
        }

        /** "a FIFO (named pipe)", "a file", ... */
        public String said() {
            return said;
        }
    }

    /** The manifest line (without its newline). */
    String line() {
        return path + '\t' + type.code + '\t' + octal(mode) + '\t' + size + '\t' + data;
    }

    static TreeEntry parse(String line) {
        String[] f = line.split("\t", -1);
        if (f.length != 5 || f[1].length() != 1) {
            throw new IllegalArgumentException("not a manifest line: " + line);
        }
        return new TreeEntry(f[0], Type.ofCode(f[1].charAt(0)), Integer.parseInt(f[2], 8), Long.parseLong(f[3]), f[4]);
    }

    /** What the entry is, for a message: "a file of 1.2 KiB, mode 0755", "a symbolic link to ../lib". */
    String said() {
        return switch (type) {
            case FILE -> "a file of " + bytes(size) + ", mode " + octal(mode);
            case LINK -> "a symbolic link to " + data;
            case DIRECTORY -> "a directory, mode " + octal(mode);
            default -> type.said;
        };
    }

    /** How this entry differs from was (the same path), or null when it does not. */
    String changeFrom(TreeEntry was) {
        if (type != was.type) {
            return said() + ", was " + was.said();
        }
        if (type == Type.LINK) {
            return data.equals(was.data) ? null : "a symbolic link to " + data + ", was one to " + was.data;
        }
        if (type == Type.FILE && size != was.size) {
            return bytes(size) + ", was " + bytes(was.size);
        }
        if (type == Type.FILE && !data.equals(was.data)) {
            return "same size, " + bytes(size) + ", but other content";
        }
        if (mode != was.mode) {
            return "mode " + octal(mode) + ", was " + octal(was.mode);
        }
        return null;
    }

    /** "0644": at least four octal digits (String.format's "%04o", without its parsing of the format per line). */
    static String octal(int mode) {
        String o = Integer.toOctalString(mode);
        return o.length() >= 4 ? o : "0000".substring(o.length()) + o;
    }

    static String bytes(long n) {
        return n == 1 ? "1 byte" : n < 1024 ? n + " bytes" : Strings.humanBytes(n);
    }

    /** Manifest order: by path, name by name (a directory right before what is in it). */
    static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ea = a.indexOf('/', i);
            int eb = b.indexOf('/', j);
            ea = ea < 0 ? a.length() : ea;
            eb = eb < 0 ? b.length() : eb;
            int c = a.substring(i, ea).compareTo(b.substring(j, eb));
            if (c != 0) {
                return c;
            }
            i = ea + 1;
            j = eb + 1;
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
