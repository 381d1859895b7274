# Os rótulos da imagem da vez, em português do Brasil. Cada mensagem existe também em en
# (um teste confere). Notação do jogo (casas como B3, paredes como B3:NE, dados, números)
# chega como argumento e não se traduz. O vocabulário segue o do bot: chaves, comida,
# item especial, robô, amanhecer, andar, térreo, módulo, parede, limite.
# Os rótulos precisam caber nas caixas: textos curtos.

## Nomes e lugares.

player-default = Jogador { $n }
floor-only = Andar 0 (único)
floor-ground = Andar 0 (térreo)
floor-top = Andar { $n } (topo)
floor-middle = Andar { $n }
# $floor: o nome do andar como acima, em minúsculas.
building-floor = Montando o { $floor }
word-and = e
you = (você)

difficulty-easy = fácil
difficulty-medium = médio
difficulty-hard = muito difícil
difficulty-impossible = impossibru
setup-random = sorteada
setup-draft = montada pelos jogadores

phase-setup = montagem
phase-play = em jogo
phase-over = fim de jogo

status-acting = jogando
status-exited = saiu ↓
status-timed-out = sem tempo
status-escaped = escapou ✓
status-out = fora ✗

## A tabela especial (os mesmos nomes que o bot usa).

special-master-keycard = Cartão-mestre
special-clock-tamper = Relógio adulterado
special-ration-pack = Pacote de ração
special-spare-key = Chave reserva
special-bargain = Barganha
special-alarm-test = Teste de alarme
special-heavy-crate = Caixote pesado
special-sticky-floor = Chão grudento
special-mouldy-bread = Pão mofado
special-dropped-key = Chave perdida
special-tripwire = Armadilha de fio
special-unknown = especial

## A última jogada, uma frase curta por evento, unidas com " · ".

last-turn = Última jogada: { $what }
sum-first-player = { $who } começa
sum-wall-placed = { $who } pôs a parede { $wall }
# $item: key, food ou special.
sum-item-placed = { $who } pôs { $item ->
        [key] uma chave
        [food] comida
       *[special] um item especial
    } em { $cell }
sum-autofilled = { $who } completou o andar { $floor }
sum-floor-built = andar { $floor } pronto
sum-floor-set-up = agora no andar { $floor }
sum-moved = { $who } andou { $from }→{ $to } ({ $minutes } min)
sum-key-taken = { $who } pegou uma chave
# $delta: o resultado com sinal (+2, -1); $n: o valor absoluto.
sum-rolled-keys = { $who } rolou { $a }+{ $b }: { $delta } { $n ->
        [0] chaves
        [one] chave
       *[other] chaves
    }
sum-rolled-food = { $who } rolou { $a }+{ $b }: { $delta } de comida
sum-none-to-lose = (não havia o que perder)
sum-rolled-special = { $who } rolou { $a }+{ $b }: { $name }
fx-keys = { $delta } { $n ->
        [0] chaves
        [one] chave
       *[other] chaves
    }
fx-food = { $delta } de comida
fx-time = { $delta } min
sum-rotated = { $who } girou a parede { $from }→{ $to }
sum-waited = { $who } esperou { $minutes } min
sum-exited = { $who } saiu do andar { $floor }
sum-escaped = { $who } escapou!
sum-limit-set = limite marcado no { $limit }
sum-robot-moved = robô { $from }→{ $to }
sum-robot-held = robô ficou parado
sum-robot-idle = robô não achou ninguém
sum-caught = o robô pegou { $who } (+{ $minutes } min, −{ $keys } { $keys ->
        [0] chaves
        [one] chave
       *[other] chaves
    })
sum-timed-out = { $who } ficou sem tempo
sum-caught-at-dawn = amanheceu com { $who } lá dentro
sum-left-behind = { $who } ficou para trás
sum-floor-ended = fim do andar { $floor }
sum-penalized = { $who } pagou +{ $minutes } min e −{ $food } de comida
sum-penalized-time = { $who } pagou +{ $minutes } min
sum-game-over = fim de jogo

## Fichas do cabeçalho.

chip-places = Vez de { $who }
chip-keys = { $keys } / { $needed } chaves
chip-dawn = amanhecer { $dawn }
chip-to-play = Vez de { $who }

## O andar: legenda e marcas.

legend-key = chave
legend-food = comida
legend-special = especial
legend-taken = já pega
legend-exit = saída
legend-robot = robô
legend-wall = parede
# $tag: as letras da ficha de quem foi pego.
floor-caught = { $tag } pego!

## A coluna do prédio.

building = Prédio
state-left = concluído
state-built = pronto
state-to-build = a montar
state-building = montando
state-last = último
state-now = agora
state-below = abaixo

## O marcador de tempo.

time = Tempo
time-lap = Tempo · volta { $lap }: minutos { $from }–{ $to }
time-note = minutos · o robô anda a cada { $every }
time-start = início
lap-badge = V{ $lap }
time-robot = robô anda
time-dawn = amanhecer { $dawn }
time-dawn-lap = amanhecer { $dawn } (volta { $lap })
time-limit = limite { $limit }
time-no-limit = limite: ainda não
time-no-limit-over = limite: nenhum
time-keys = { $keys } de { $needed } chaves
time-order = mesma casa: joga antes o de baixo à esq.

## A tabela de jogadores e o quadro da situação.

players = Jogadores
col-name = nome
col-cell = casa
col-time = tempo
col-food = comida
col-status = situação
col-walls = paredes
col-items = itens
card-keys = { $keys } de { $needed } chaves
card-to-escape = para escapar
card-to-leave = para sair do andar { $floor }
fact-robot = Robô · anda no minuto { $next }
fact-robot-at = Robô em { $cell } · anda no minuto { $next }
fact-exit = Saída em { $cell }
# $names: "nome (tempo)" dos próximos, separados por vírgula.
fact-next = Próximos: { $names }
fact-dawn = Amanhecer no { $dawn }
fact-dawn-left = Amanhecer no { $dawn } · { $who } tem { $left } min
fact-limit = Limite no { $limit }: ali acaba o tempo
fact-no-limit = Sem limite ainda: { $minutes } min depois da primeira saída

## Montagem do prédio.

setup-items = Itens em { $items } de { $cells } casas
setup-walls = { $done } de { $modules } { $modules ->
        [0] módulos com
        [one] módulo com
       *[other] módulos com
    } { $min }+ paredes
setup-next = Depois vêm o andar { $floor } e os de cima; no fim, sorteiam-se as casas iniciais, a saída e o robô.
setup-last = Último andar: depois sorteiam-se as casas iniciais, a saída e o robô.

## Fim de jogo.

over-nobody = Amanheceu.
over-nobody-sub = Ninguém escapou do laboratório.
over-everyone = Todos escaparam!
over-everyone-sub = { $n ->
        [0] Os { $n } saíram antes do amanhecer.
        [one] Saiu antes do amanhecer.
       *[other] Os { $n } saíram antes do amanhecer.
    }
over-some = Fim de jogo
over-some-sub = { $escaped } de { $n } { $escaped ->
        [0] escaparam
        [one] escapou
       *[other] escaparam
    } antes do amanhecer.
over-escaped = escapou aos { $time } min · { $food } de comida
over-caught = ficou lá dentro
over-top = recorde de comida
over-top-line = Quem levou mais comida: { $names } ({ $food })

## A sala de espera.

lobby-waiting = sala de espera · aguardando jogadores
lobby-ready = { $taken } de { $max } lugares ocupados · já dá para começar
lobby-needed = { $taken } de { $max } lugares ocupados · mínimo de { $min } para começar
lobby-building = Prédio: { $layout } · { $floors } { $floors ->
        [0] andares
        [one] andar
       *[other] andares
    } · { $modules } { $modules ->
        [0] módulos
        [one] módulo
       *[other] módulos
    }
lobby-floor-ground = 0 · térreo
lobby-floor-top = { $n } · topo
lobby-settings = Configurações
lobby-rules = dificuldade: { $difficulty } · preparação: { $setup }
lobby-dawn = amanhecer no minuto { $dawn } com { $n } { $n ->
        [0] jogadores
        [one] jogador
       *[other] jogadores
    }
lobby-keys = chaves: { $top } para sair do último andar … { $all } para escapar ({ $per } por módulo do andar e dos de cima)
lobby-open-seat = lugar livre

## replay-speed
## A nota de um replay resumido, sob o primeiro quadro: a partida era longa demais para
## mostrar todos os turnos dentro do limite de envio.

replay-shortened = Replay resumido: { $shown } de { $total } turnos mostrados, cerca de um a cada { $step }
