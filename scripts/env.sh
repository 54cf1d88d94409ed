# Source it in a shell (`. scripts/env.sh`) to run `npx gatehouse` and npm from that shell with the
# Node.js the set-up uses: the machine's when it is 22 or later, else the Node 22 that
# scripts/install.sh keeps in .tools/node22 (fetched when missing).
. "$(dirname "${BASH_SOURCE[0]:-$0}")/lib/node.sh"
use_supported_node "$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
