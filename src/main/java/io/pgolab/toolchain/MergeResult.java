package io.pgolab.toolchain;

import java.util.List;

/** A merged profile and the raw files that were dropped on the way (only in --failure-mode warn). */
public record MergeResult(ProfileData profile, List<String> dropped) {
}
