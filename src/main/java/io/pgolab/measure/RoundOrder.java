package io.pgolab.measure;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order of the subjects in each measured round, counterbalanced so that a drift of the machine's
 * speed during a campaign does not favour whoever runs first.
 *
 * <ul>
 * <li>Two subjects: the rounds alternate AB, BA, AB, BA, ... (runs A B B A A B B A, an ABBA design),
 * the first round's order drawn from the seed. A linear drift cancels over every pair of rounds.</li>
 * <li>Three or more: blocks of n rounds, each a cyclic Latin square of a seeded permutation
 * (round j of a block runs p[j], p[j+1], ... mod n) with its rows in seeded order, so that over every
 * block each subject runs in each position exactly once.</li>
 * <li>One subject: itself.</li>
 * </ul>
 * The same seed gives the same orders.
 */
final class RoundOrder {
    private final List<Subject> subjects;
    private final Random random;
    private final List<List<Subject>> block = new ArrayList<>();
    private boolean abFirst;
    private int round;

    RoundOrder(List<Subject> subjects, Random random) {
        this.subjects = List.copyOf(subjects);
        this.random = random;
        this.abFirst = subjects.size() != 2 || random.nextBoolean();
    }

    /** The order of the next round. */
    List<Subject> next() {
        int n = subjects.size();
        round++;
        if (n <= 1) {
            return subjects;
        }
        if (n == 2) {
            boolean ab = (round % 2 == 1) == abFirst;
            return ab ? subjects : List.of(subjects.get(1), subjects.get(0));
        }
        if (block.isEmpty()) {
            List<Subject> p = new ArrayList<>(subjects);
            Collections.shuffle(p, random);
            for (int j = 0; j < n; j++) {
                List<Subject> row = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    row.add(p.get((i + j) % n));
                }
                block.add(row);
            }
            Collections.shuffle(block, random);
        }
        return block.remove(0);
    }
}
