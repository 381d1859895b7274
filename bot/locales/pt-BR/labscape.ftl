# Labscape — português do Brasil.
#
# Cada mensagem tem uma gêmea em ../en/labscape.ftl com as mesmas variáveis; um teste
# confere. O vocabulário do jogo segue as notas do designer: chaves, comida, salas
# especiais, robô, amanhecer, andar, módulo, parede, marcador de tempo.

## Recusas (UserError): culpa de quem pediu, nada mudou.

error-no-game = Não há partida neste chat. Comece uma com /new JOGO (/help lista os jogos).
error-game-here = Este chat já tem uma partida ({ $game }). Termine ou use /abandon antes de começar outra.
error-not-seated = Você não está jogando esta partida. Use /join enquanto ela ainda aceita jogadores.
error-already-seated = Você já tem um lugar nesta partida.
error-full = A partida está cheia ({ $seats ->
        [0] { $seats } lugares
        [one] { $seats } lugar
       *[other] { $seats } lugares
    }).
error-not-creator = Só quem criou a partida pode { $deed }.
error-not-creator-or-admin = Só quem criou a partida ou um admin do chat pode { $deed }.
error-not-started = A partida ainda não começou. Quem a criou dá a largada com /start.
error-already-started = A partida já começou.
error-cannot-leave = A partida já está rolando e os lugares estão fechados. Quem a criou pode usar /abandon.
error-moved-on = A partida andou desde que isso foi enviado. Dê uma olhada no turno mais recente.
error-already-handled = Isso já foi feito.
error-cant-read = Não entendi: { $problem }
error-plain = { $problem }.
error-illegal = Agora você não pode fazer isso: { $problem }.
error-unknown-topic = Não existe o tópico de regras “{ $topic }”. Tópicos: { $topics }; /rules JOGO mostra as regras de outro jogo (/help lista os jogos).
error-unknown-table = Não existe a tabela “{ $table }”. Tabelas: { $tables }.
error-not-awaited = Só quem está na vez pode adiar os lembretes.
error-unknown-policy = Não existe o jogador automático “{ $policy }”. Tente: { $policies }.
error-internal = Algo deu errado do nosso lado e nada foi alterado. Tente de novo daqui a pouco.

# O que só quem criou a partida (ou um admin) pode fazer: completa error-not-creator.
deed-add-bots = adicionar jogadores automáticos
deed-start = começar a partida
deed-abandon = abandonar a partida
deed-change-settings = mudar as configurações da partida
deed-change-language = mudar o idioma do chat

# Comandos ilegíveis.
parse-too-long = isso é comprido demais (no máximo { $max } caracteres)
parse-unknown-command = “/{ $command }” não é um comando; /help mostra a lista
parse-unknown-command-near = “/{ $command }” não é um comando; você quis dizer /{ $near }? /help mostra a lista
parse-bad-count = “{ $value }” não é uma quantidade de 1 a 100; escreva assim: /log 10
parse-bad-new-arg = “{ $value }” não é uma palavra que o /new conhece; escreva assim: /new pyramid médio sorteada 4
parse-bad-records-arg = o /records não entende “{ $value }”; use /records para o ranking deste chat no jogo dele, /records JOGO para o de outro jogo (como /records skarb), ou /records me para o seu histórico

# Opções ruins para /new.
option-layout = { $problem }. Prédios prontos: { $presets }
option-difficulty = “{ $value }” não é uma dificuldade: fácil (easy), médio (medium), difícil (hard) ou impossível (impossible)
option-setup = “{ $value }” não é um modo de preparação: sorteada (random) ou montada (draft, montada pelos jogadores)
option-players = uma partida tem de { $min } a { $max } jogadores, não { $value }
option-players-exactly = este jogo tem exatamente { $max } jogadores, não { $value }
option-cannot-start = { $game } precisa de { $min } a { $max } jogadores; { $count ->
        [0] entraram { $count }
        [one] entrou { $count }
       *[other] entraram { $count }
    }: /join, ou /addbot para um jogador do computador
option-cannot-start-exactly = { $game } precisa de { $max } jogadores; { $count ->
        [0] entraram { $count }
        [one] entrou { $count }
       *[other] entraram { $count }
    }: /join, ou /addbot para um jogador do computador

# Valores ruins para /settings, /me e /away.
setting-needs-value = “{ $key }” precisa de um valor
setting-time-zone = “{ $value }” não é um fuso horário; use um nome como America/Sao_Paulo ou Europe/Lisbon
setting-quiet = “{ $value }” não é um horário de silêncio; escreva assim: 22:00-07:00, ou off
setting-unknown-pref = “{ $key }” não é uma preferência; use tz, quiet ou lang
setting-language = “{ $value }” não é um idioma que eu falo: en (English) ou pt-BR (português)
setting-away-when = diga até quando: /away 3d, /away 2026-11-25 18:00 (no seu fuso), ou /away off
setting-away-past = “{ $value }” não é um momento no futuro; escreva /away 3d ou /away 2026-11-25 18:00
setting-duration = “{ $value }” não é uma duração; escreva assim: 12h, 30m ou 2d
setting-limit = “{ $value }” não é um limite de lembretes de 1 a 50
setting-policy = “{ $value }” não é uma regra de prazo: advisory (só avisar) ou auto-wait (esperar automaticamente)
setting-unknown = “{ $key }” não é uma configuração; use reminder, limit, deadline, policy ou language

## Avisos do próprio Discord.

discord-outdated-command = Não entendi: uma opção que esta versão do bot não conhece (os comandos acabaram de ser atualizados; tente de novo)
discord-failed = Algo deu errado do nosso lado. Tente de novo daqui a pouco.

## Ações ilegíveis.

parse-action-empty = nenhuma ação; tente: move N, move C4, roll, rotate-wall B3:NE B2:SE, exit, wait 2
parse-action-too-long = essa ação é comprida demais (no máximo { $max } caracteres)
parse-action-verb = “{ $verb }” não é uma ação; as ações são move (andar), roll (rolar), rotate-wall (girar parede), exit (sair) e wait (esperar) — e, na montagem do prédio, wall, item e autofill
parse-action-usage = no { $verb }, { $problem }; escreva assim: { $usage }
usage-move = “move NNE”, “move N N E” ou “move C4”
usage-rotate-wall = “rotate-wall B3:NE B2:SE”
usage-wait = “wait” ou “wait 3”
usage-wall = “wall A1:SE”
usage-item = “item A1 key” (ou food, special)
usage-help = veja o /help
usage-takes-nothing = { $verb } não leva nada depois
usage-bad-minutes = “{ $value }” não é um número de minutos de 1 a { $max }
usage-wait-one-number = wait leva um número só
usage-wall-and-target = diga qual parede e para onde ela vai
usage-one-wall = diga uma parede
usage-bad-cell = “{ $value }” não é o nome de uma casa (uma letra de coluna A–X e um número de linha 1–24, como B3)
usage-bad-wall = “{ $value }” não é o nome de uma parede (uma casa e um canto NE, NW, SE ou SW, como B3:NE)
usage-item-kind = “{ $value }” não é key (chave), food (comida) nem special (especial)
usage-cell-and-item = diga uma casa e um item
usage-where-to = diga para onde
usage-not-steps = “{ $value }” não é uma sequência de passos (N, E, S, W) nem o nome de uma casa
usage-too-many-steps = no máximo { $max } passos num movimento

## Ações que as regras não permitem (completa error-illegal).

dir-north = norte
dir-east = leste
dir-south = sul
dir-west = oeste
illegal-game-over = a partida acabou
illegal-in-setup = o prédio ainda está sendo montado: coloque uma parede (wall A1:SE), um item (item A1 key) ou use autofill
illegal-not-in-setup = paredes e itens só são colocados durante a montagem do prédio; a partida já está rolando
illegal-no-such-seat = não existe o lugar { $seat } nesta partida
illegal-not-your-turn = a vez é de { $active }, não de { $player }
illegal-blocked-by-wall = o passo { $step } ({ $dir }) a partir de { $from } bate na parede { $wall }; ninguém se mexeu
illegal-off-floor = o passo { $step } ({ $dir }) a partir de { $from } sairia do andar; ninguém se mexeu
illegal-no-such-cell = { $cell } não é uma casa deste andar
illegal-already-there = você já está em { $cell }
illegal-unreachable = não dá para chegar a { $to } saindo de { $from }: há paredes no caminho
illegal-search-on-robot = não dá para vasculhar a casa do robô ({ $cell }); saia dela primeiro
illegal-rotate-on-robot = não dá para girar paredes na casa do robô ({ $cell }); saia dela primeiro
illegal-nothing-to-search = não sobrou nada para vasculhar em { $cell }
illegal-not-on-exit = você está em { $at }; a saída fica em { $exit }
illegal-not-enough-keys = o grupo tem { $have } { $have ->
        [0] chaves
        [one] chave
       *[other] chaves
    } e precisa de { $need } para sair deste andar: { $missing ->
        [0] faltam { $missing }
        [one] falta { $missing }
       *[other] faltam { $missing }
    }
illegal-no-such-wall = não há parede { $wall } neste andar
illegal-not-a-rotation = não dá para transformar { $from } em { $to } a partir de { $at }{ $hint }
rotation-hint-no-vertex = : ela não tem vértice em nenhum canto de { $at }
rotation-hint-no-wall-has = : ela não tem vértice em nenhum canto de { $at } (nenhuma parede tem)
rotation-hint-how = : ela pode girar 90°, 180° ou 270° em torno de um vértice no canto da sua casa ou, se fecha dois lados da sua casa, mudar para outro canto dela
rotation-hint-or-neighbour = { " " }nem de uma casa vizinha
illegal-wall-overlaps = { $to } ficaria em cima da parede { $other }
illegal-wall-off-floor = { $wall } ficaria para fora do andar
illegal-cuts-robot-off = mover { $from } para { $to } isolaria o robô de todos os jogadores, e as regras proíbem isso
illegal-bad-wait = dá para esperar de 1 a { $max } minutos, não { $value }
illegal-cell-taken = { $cell } já tem uma ficha de { $item }
illegal-placement-overlaps = a parede { $wall } ficaria em cima da parede { $other }
illegal-not-on-building-floor = { $what } não fica no andar { $floor }, o andar em montagem

## Prédios ilegíveis (completa option-layout).

layout-empty = o prédio está vazio: escolha um pronto (single, duo, tower, pyramid, grand) ou uma notação como ###/##/#
layout-bad-char = o prédio tem “{ $char }”, que não vale: use # para um módulo, . para nenhum, vírgula entre fileiras e / entre andares
layout-empty-floor = o andar { $floor } do prédio não tem nenhum módulo
layout-too-long = o prédio tem { $count } caracteres; o máximo é { $max }
layout-too-many-floors = o prédio tem { $count } andares; o máximo é { $max }
layout-too-many-modules = o prédio tem { $count } módulos; o máximo é { $max }
layout-too-wide = o andar { $floor } do prédio tem { $count } módulos de largura; o máximo é { $max }
layout-too-tall = o andar { $floor } do prédio tem { $count } módulos de profundidade; o máximo é { $max }
layout-unsupported = o módulo da fileira { $row }, coluna { $col } do andar { $floor } não tem módulo embaixo dele no andar { $below }: todo módulo precisa estar apoiado em outro

## Nomes.

list-and = { $first } e { $last }
item-key = chave
item-food = comida
item-special = item especial
difficulty-easy = fácil
difficulty-medium = médio
difficulty-hard = muito difícil
difficulty-impossible = impossibru
setup-random = sorteada
setup-draft = montada pelos jogadores
status-acting = jogando
status-exited = saiu (esperando os outros)
status-timed-out = sem tempo (ficou no andar)
status-escaped = escapou
status-out = fora do jogo

## A tabela de itens especiais (nomes e efeitos).

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
special-effect-master-keycard = grupo +3 chaves
special-effect-clock-tamper = seu tempo −2 (nunca abaixo de 0)
special-effect-ration-pack = +2 de comida
special-effect-spare-key = grupo +1 chave
special-effect-bargain = se você tem comida: −1 de comida, grupo +1 chave
special-effect-alarm-test = o robô anda uma vez agora (o gatilho dele não muda)
special-effect-heavy-crate = grupo +1 chave, seu tempo +2
special-effect-sticky-floor = seu tempo +1
special-effect-mouldy-bread = −1 de comida
special-effect-dropped-key = grupo −1 chave
special-effect-tripwire = seu tempo +3

## A história do turno: uma frase por acontecimento.

event-first-player = Dados para ver quem começa: { $rolls }. { $who } começa.
event-first-player-alone = { $who } joga sozinho e começa.
event-first-player-tie = ; empate, de novo:{ " " }
event-wall-placed = { $who } colocou a parede { $wall } no andar { $floor }.
event-item-placed = { $who } colocou uma ficha de { $item } em { $cell } (andar { $floor }).
event-autofilled = { $who } completou o resto do andar { $floor } por sorteio: { $walls ->
        [0] { $walls } paredes
        [one] { $walls } parede
       *[other] { $walls } paredes
    }, { $items ->
        [0] { $items } itens
        [one] { $items } item
       *[other] { $items } itens
    }.
event-floor-built = O andar { $floor } está pronto.
event-start-cell = { $who } em { $cell }
event-floor-set-up = Andar { $floor } preparado: { $starts }. A saída fica em { $exit }, o robô em { $robot }.
event-moved-via = { $who } foi para { $to } passando por { $via } ({ $minutes } min).
event-moved = { $who } foi para { $to } ({ $minutes } min).
event-key-taken = { $who } pegou a chave em { $cell }: +1 chave para o grupo.
event-search-keys = { $who } vasculhou a sala de chaves { $cell } (tentativa { $row }): { $roll } → { $result } { $count ->
        [0] chaves
        [one] chave
       *[other] chaves
    } para o grupo.
event-search-food = { $who } vasculhou a sala de comida { $cell } (tentativa { $row }): { $roll } → { $result } de comida.
event-special = { $who } abriu a sala especial { $cell }: { $roll }, { $what } ({ $effects }).
effect-keys = grupo { $delta } { $count ->
        [0] chaves
        [one] chave
       *[other] chaves
    }
effect-food = { $delta } de comida
effect-time = { $delta } min
effect-robot-moves = o robô anda agora
effect-none = nada acontece
event-wall-rotated = { $who } girou a parede { $from } para { $to }.
event-waited = { $who } esperou { $minutes } min.
event-exited = { $who } saiu do andar { $floor } pela saída.
event-escaped = { $who } fugiu do prédio!
event-limit-set = O marcador de limite do andar está em { $limit }: quem ainda estiver aqui no minuto { $limit } fica para trás.
robot-why-trigger = Minuto { $mark }: o robô
robot-why-alarm = Teste de alarme: o robô
event-robot-idle = { $why } não acha ninguém para perseguir e fica em { $from }.
event-robot-stays = { $why } fica em { $from }.
event-robot-moves = { $why } anda { $path }.
event-caught = O robô pegou { $who } em { $at }: +{ $minutes } min, o grupo perde { $keys ->
        [0] { $keys } chaves
        [one] { $keys } chave
       *[other] { $keys } chaves
    }, e { $who } vai parar em { $to }.
event-timed-out = { $who } chegou ao marcador de limite (tempo { $time }) sem sair e fica para trás neste andar.
event-caught-at-dawn = Amanheceu! Os cientistas encontram { $who } no minuto { $time }: fora do jogo.
event-left-behind = { $who } não conseguiu sair do prédio a tempo.
event-floor-ended = Fim do andar { $floor }.
event-penalized = { $who } paga por ter ficado para trás: +{ $minutes } min e perde { $food } de comida.
event-game-over-nobody = Fim de jogo: ninguém escapou. Os cientistas chegam ao amanhecer.
event-game-over = Fim de jogo! { $count ->
        [0] Escaparam
        [one] Escapou
       *[other] Escaparam
    }: { $escaped }.
event-game-over-top = { " " }Quem levou mais comida: { $top }.

## Cabeçalhos, de quem é a vez, situação.

heading = **{ $game }** · turno { $turn }
next-to-place = Vez de colocar peças: { $who } (andar { $floor } em montagem; paredes por módulo: { $walls }).
next-to-play = Vez de { $who } (tempo { $time }, em { $cell }). Chaves { $keys }/{ $needed } · amanhecer { $dawn }
next-floor-limit = { " " }· limite do andar { $limit }
status-game = { $layout } · { $difficulty } · { $top ->
        [0] andar único
       *[other] andar { $floor } de { $top }
    } · chaves { $keys }/{ $needed } · amanhecer { $dawn }
status-limit = { " " }· limite { $limit }
status-board = Saída { $exit } · robô { $robot } · o robô anda de novo em { $next }
status-player = { $who } — tempo { $time }, comida { $food }, { $status }
status-player-cell = , em { $cell }

## Datas e horas (de lembretes, prazos e ausências), no fuso de cada jogador.

time-at = { $weekday ->
        [1] seg
        [2] ter
        [3] qua
        [4] qui
        [5] sex
        [6] sáb
       *[7] dom
    }, { $day } de { $month ->
        [1] jan
        [2] fev
        [3] mar
        [4] abr
        [5] mai
        [6] jun
        [7] jul
        [8] ago
        [9] set
        [10] out
        [11] nov
       *[12] dez
    }, { $time } ({ $zone })

## Antes de começar, e a vida da partida.

lobby-open = { $game } está aberta: { $layout } ({ $modules ->
        [0] { $modules } módulos
        [one] { $modules } módulo
       *[other] { $modules } módulos
    }, { $floors ->
        [0] { $floors } andares
        [one] { $floors } andar
       *[other] { $floors } andares
    }), { $difficulty }, preparação { $setup }, até { $max } jogadores. { $who } tem o primeiro lugar. Os demais: /join. Jogadores automáticos: /addbot. { $who } começa a partida com /start.
lobby-joined = { $who } entrou em { $game }. Lugares: { $seats }.
lobby-bot-joined = { $who } senta à mesa. Lugares: { $seats }.
lobby-left = { $who } saiu de { $game }. Lugares: { $seats }.
lobby-left-closed = { $who } saiu. Não sobrou ninguém, então { $game } foi encerrada.
lobby-status = { $game } está esperando jogadores: { $layout }, { $difficulty }, preparação { $setup }. Lugares ({ $taken }/{ $max }): { $seats }. Quem criou a partida dá a largada com /start.
game-abandoned = { $game } foi abandonada.
game-abandoned-seed = A semente era { $seed } (SHA-256 { $hash }), então qualquer um pode conferir todas as rolagens.
game-begins = { $game } começou! Compromisso da semente (SHA-256): { $hash }. A semente é revelada no fim, para qualquer um conferir todas as rolagens.
game-over-seed = A semente era { $seed } (SHA-256 { $hash }): reproduza o registro para conferir todas as rolagens.
note-away = ausente até { $until }
status-waiting-since = Esperando desde { $since }
status-deadline = { " " }· prazo { $at }
log-heading = { $game } — { $count ->
        [0] as últimas { $count } ações
        [one] a última ação
       *[other] as últimas { $count } ações
    }:
log-automatic = { " " }(automática)
log-empty = Nenhuma ação ainda.
recap-since = { $game } — desde a sua última vez:
recap-all = { $game } — tudo até agora:
recap-nothing = Nada ainda: a última vez foi a sua.

## Botões.

button-roll = Rolar
button-exit = Sair
button-wait = Esperar { $minutes }
button-snooze = Adiar { $hours } h

## Preferências, ausências, configurações.

me-prefs = Suas preferências: fuso horário { $zone }, horário de silêncio { $quiet }, idioma { $language }
me-quiet-none = nenhum
me-language-auto = { " " }(o do seu aplicativo)
me-away = , ausente até { $until }
me-hint = . Para mudar: /me tz America/Sao_Paulo quiet 22:00-07:00 lang en (ou quiet off, lang auto).
away-back = { $who } voltou.
away-until = { $who } está ausente até { $until }. Os lembretes para essa pessoa ficam em pausa e os prazos dela esperam até lá.
settings-timing = Configurações de { $game }: lembretes a cada { $every }, no máximo { $limit } por vez; prazo { $deadline }.
settings-deadline-off = desligado
settings-deadline = { $after } ({ $policy })
policy-advisory = só avisar
policy-auto-wait = esperar automaticamente
settings-language = Idioma aqui: { $language }.
settings-language-unset = Idioma aqui: { $language } (o chat não tem idioma padrão).
settings-hint = Quem criou a partida muda assim: /settings reminder 12h limit 5 deadline 48h policy auto-wait; quem criou a partida ou um admin (qualquer um, entre partidas) escolhe o idioma do chat com /settings language pt-BR (ou en).
snoozed = Adiado: o próximo lembrete chega { $at }.

## Lembretes e prazos.

deadline-auto-wait = ⏰ A vez de { $who } esperou { $waited } e passou do prazo: o bot joga “wait 1” por essa pessoa (automático).
deadline-passed = ⏰ O prazo da vez de { $who } passou: já são { $waited } de espera.
game-stalled = { $game } empacou: está esperando { $who } desde { $since }, e { $count ->
        [0] { $count } lembretes ficaram
        [one] { $count } lembrete ficou
       *[other] { $count } lembretes ficaram
    } sem resposta. Qualquer um pode dar um toque; quem criou a partida pode definir um prazo com /settings deadline 48h policy auto-wait.
reminder = ⏰ { $who }, é a sua vez (esperando desde { $since }). Lembrete { $sent } de { $limit }.

## Ajuda, regras e tabelas.

help = **Comandos do Labscape**
    Antes de começar: /new [prédio] [dificuldade] [sorteada|montada] [jogadores] · /join · /leave · /addbot [estratégia] · /start · /abandon
    Na sua vez: /move NNE ou /move C4 · /roll · /rotate-wall B3:NE B2:SE (sozinho: as paredes que você pode girar) · /exit · /wait [minutos]
    Qual parede é qual: /walls (o andar com o nome de cada parede)
    Montando o prédio: /wall A1:SE · /item A1 key|food|special · /autofill
    A qualquer hora: /status · /log [quantidade] · /recap · /replay · /rules [tópico] · /table [search|special|start|dawn|items] · /help
    Partidas de vários dias: /me tz America/Sao_Paulo quiet 22:00-07:00 lang pt-BR · /away 3d · /snooze · /settings
    Dados honestos e recordes: /export (o registro da partida, para conferir cada rolagem) · /luck (os dados de cada um comparados com dados honestos) · /records [me] (o ranking deste chat, ou o seu)
    Prédios: single, duo, tower, pyramid, grand, ou uma notação como ###/##/# (andares de baixo para cima).
rules-overview = **Labscape** — animais de laboratório tentam fugir do prédio antes do amanhecer. O jogo começa no último andar e vai descendo; sair do térreo pela saída é escapar. Todos que escapam vencem; quem ainda estiver lá dentro quando amanhecer perde — e pode ser que todos percam. Para sair de um andar, o grupo precisa ter { $keys } chaves para cada módulo desse andar e dos de cima, então juntem chaves em grupo. Quem escapar levando mais comida bate um recorde. Tópicos: { $topics }.
rules-turn = **De quem é a vez** — quem decide é o marcador de tempo: joga quem está mais para trás; no empate, quem chegou primeiro naquela casa do marcador. Cada vez é uma ação só, e depois se vê de novo quem joga (pode ser você outra vez).
rules-move = **Andar** — /move com passos (N, E = leste, S, W = oeste; por exemplo /move NNE) ou uma casa de destino (/move C4: o caminho mais curto, preferindo N, depois E, S, W). { $minutes } minuto por passo. Paredes e a borda do andar bloqueiam; um passo bloqueado cancela o movimento inteiro. Dá para passar ou parar na casa do robô. Chegar numa ficha de chave pega a chave para o grupo (de graça), a não ser que o robô esteja lá.
rules-roll = **Rolar (vasculhar a sala)** — { $minutes } minuto, fora da casa do robô. Numa sala de chaves, a tabela de busca (2d6) dá chaves ao grupo; numa sala de comida, dá comida a você. Cada nova rolagem na mesma casa usa uma linha mais difícil (sair da casa zera a contagem). O resultado pode ser negativo, mas os contadores nunca ficam abaixo de 0. Uma sala especial é rolada uma única vez na tabela de itens especiais e depois se esgota. /table search e /table special mostram as tabelas.
rules-walls = **Paredes** — cada parede é um L de dois lados, chamado por uma casa e um canto (B3:NE = os lados norte e leste de B3), dentro de um módulo, sem nunca dividir um lado com outra parede. /rotate-wall DE PARA ({ $minutes } minuto, fora da casa do robô): gire uma parede 90°, 180° ou 270° em torno de um vértice num canto da sua casa, ou mude uma parede que fecha dois lados da sua casa para outro canto dela. Enquanto você não conseguir chegar à saída, pode fazer o mesmo a partir de uma casa vizinha. Nunca se pode fechar o robô: sempre tem que haver um caminho dele até algum jogador.
rules-exit = **Saída** — pare na saída e use /exit ({ $minutes } minuto). O grupo precisa ter { $keys } chaves × os módulos deste andar e de todos os de cima. A primeira saída coloca um marcador de limite { $limit } minutos à frente: quem não tiver saído quando o seu tempo chegar lá fica para trás e, no andar seguinte, paga +{ $penalty } minutos e perde toda a comida. No térreo, sair é escapar — e ficar para trás é perder.
rules-robot = **O robô** — sempre que o tempo de quem está mais adiantado cruza um múltiplo de { $every }, o robô anda até { $steps } casas (nunca atravessa paredes) na direção da casa alcançável com menos jogadores (depois a mais próxima, depois a de quem tem mais comida, depois quem senta antes na mesa). Ele pega todo mundo na primeira casa ocupada em que entra: +{ $minutes } minutos para cada um, o grupo perde { $keys } chaves por pessoa pega, e cada um vai parar numa casa sorteada. Se todos os jogadores ativos estiverem juntos numa casa e forem pelo menos { $immune }, ficam imunes: o robô para do lado deles.
rules-dawn = **Amanhecer** — T = ⌈X × 7 × módulos ÷ jogadores⌉ minutos, com X = 6 (fácil), 5 (médio), 4,5 (muito difícil) ou 4 (impossibru). Nenhuma ação pode começar em T ou depois; quem chega a T sem ter escapado é pego. Uma saída que termina exatamente em T ainda vale. /table dawn mostra os números desta partida.
rules-setup = **Preparação** — todos rolam 2d6; o maior começa (empates rolam de novo). O prédio é preenchido andar por andar, a partir do térreo: por sorteio (4–6 paredes por módulo; 4 chaves, 3 comidas e 2 itens especiais por módulo) ou montado pelos jogadores, cada um colocando uma parede ou um item na sua vez, até todas as casas terem um item e todo módulo ter pelo menos 4 paredes (/autofill completa um andar). Depois sorteiam-se as casas iniciais, a saída e o robô no último andar; o robô sempre tem um caminho até alguém.
table-search-title = **Tabela de busca** (2d6 na horizontal, tentativa na vertical; da 6ª em diante vale a última linha)
table-search-attempt = tent
table-special-title = **Tabela de itens especiais** (2d6, uma vez por sala especial)
table-items = **Itens por módulo** (preparação sorteada e autofill): { $keys } chaves, { $food } comidas, { $special } itens especiais. Cada casa tem um item. Uma ficha de chave é pega de graça ao chegar; salas de chaves e de comida podem ser vasculhadas quantas vezes você quiser; uma sala especial, uma vez só. Para sair de um andar: { $per_module } chaves × os módulos dele e dos de cima.
table-start = **Sorteando uma casa com d6** (casas iniciais, saída, robô, nova casa de quem foi pego)
    Coluna ({ $columns } colunas): { $column_recipe }
    Linha ({ $rows } linhas): { $row_recipe }
    Uma casa fora dos módulos do andar (ou proibida, como a própria casa do robô) é sorteada de novo.
table-dawn-title = **Amanhecer** em { $layout } ({ $modules } módulos, { $keys } chaves)
table-dawn-players = jogadores
recipe-up-to-3 = role um dado; 4, 5 e 6 valem 1, 2 e 3.
recipe-up-to-6 = role um dado.
recipe-up-to-12 = role dois dados; se o primeiro for par, some 6 ao segundo, senão fique só com o segundo; acima de { $max }, role os dois de novo.
recipe-up-to-18 = role dois dados; o primeiro vale 0 (1 ou 4), 6 (2 ou 5) ou 12 (3 ou 6), e some o segundo; acima de { $max }, role os dois de novo.
recipe-up-to-24 = role dois dados; o primeiro vale 0 (1), 6 (2), 12 (3) ou 18 (4) — com 5 ou 6, role de novo — e some o segundo; acima de { $max }, role os dois de novo.

## Adaptadores de chat: menções, teclados, avisos do Telegram.

mention-your-turn = { $who }, é a sua vez.
mention-your-turn-telegram = ▶ { $who }: é a sua vez.
mention-your-answer = { $who }, falta a sua resposta.
mention-your-answer-telegram = ▶ { $who }: falta a sua resposta.
keyboard-back = « Voltar
keyboard-more = Mais »
tg-intro = **Labscape** — animais de laboratório fogem do prédio antes do amanhecer, uma mensagem de cada vez.
    Me adicione a um grupo (ou a um tópico de fórum) e joguem juntos lá: /newgame single abre uma partida, os amigos usam /join e quem criou a partida manda /startgame. Depois é só jogar na sua vez com os botões embaixo de cada imagem, ou com /move, /roll, /rotate_wall, /exit e /wait. Dá para jogar sozinho aqui mesmo, também.
    /rules explica o jogo, /help lista todos os comandos. /me lang en me faz falar inglês.
tg-anonymous = Não sei quem você é: isto veio de { $chat } em si. Administradores anônimos e canais não podem participar de uma partida: desative "Permanecer anônimo" nas suas permissões de administrador ou envie o comando como você mesmo.
no-rotation = Você não tem parede para girar agora: precisa ser a sua vez, com uma parede num canto da sua casa (ou de uma casa vizinha, enquanto a saída estiver fora de alcance).
rotations = { $who }: as paredes que você pode girar ({ $count }), de → para:
tg-keyboard-old = Esse teclado é antigo demais. Mande /status para ver a vez atual.
tg-keyboard-not-yours = Esse teclado é de quem está na vez.
local-intro = Labscape no terminal — você é { $who }. Digite linhas de chat como `/new pyramid`, `/join`, `/start`, `/move N`,
    ou fale como outra pessoa com `bo: /join`. `/as bo` troca quem fala por padrão, `/help` lista
    os comandos, `/myview` mostra só para quem fala a sua própria visão de uma partida com segredos
    (a sua mão: o botão 🔒), `/quit` sai (as partidas ficam salvas; rode de novo para continuar).

## O menu de comandos do Telegram (setMyCommands).

tg-cmd-newgame = Abrir uma partida aqui: /newgame JOGO [opções] (Labscape quando nenhum jogo é dito)
tg-cmd-play = Jogar a sua ação em qualquer jogo: /play e4, /play b2-b3
tg-cmd-join = Entrar na partida aberta
tg-cmd-leave = Largar o seu lugar antes de a partida começar
tg-cmd-startgame = Começar a partida (quem a criou)
tg-cmd-abandon = Encerrar a partida (quem a criou ou um admin do chat)
tg-cmd-status = Ver a partida e de quem é a vez
cmd-move = Andar: /move NNE ou /move C4
cmd-roll = Vasculhar a sala onde você está
cmd-rotate-wall = Girar uma parede: /rotate-wall B3:NE B2:SE, ou sem nada para abrir um teclado
cmd-walls = Cada parede do andar pelo nome: /walls
cmd-exit = Sair do andar pela saída
cmd-wait = Esperar: /wait [minutos]
cmd-wall = Montagem: colocar uma parede, /wall A1:SE
cmd-item = Montagem: colocar uma ficha, /item A1 key
cmd-autofill = Montagem: completar o resto por sorteio
tg-cmd-addbot = Pôr um jogador automático na partida: /addbot [estratégia]
tg-cmd-rules = Resumo das regras: /rules [tópico]
tg-cmd-table = Uma tabela de dados: /table [search|special|start|dawn|items]
tg-cmd-log = As últimas ações: /log [quantidade]
tg-cmd-recap = O que aconteceu desde a sua última vez
tg-cmd-settings = Lembretes, prazo e idioma do chat: /settings language pt-BR
tg-cmd-me = Seu fuso horário, horário de silêncio e idioma: /me lang pt-BR
tg-cmd-away = Pausar os seus lembretes: /away 3d, ou /away off
tg-cmd-snooze = Adiar em 4 horas os lembretes da sua vez
tg-cmd-replay = A partida até agora (ou a última que terminou) como animação
tg-cmd-export = O registro da partida, para conferir cada jogada (e rolagem, num jogo com dados)
tg-cmd-luck = Os dados de cada um comparados com dados honestos
tg-cmd-draw = Propor empate, ou aceitar o proposto (/draw no recusa)
tg-cmd-resign = Desistir da partida: o outro jogador vence
tg-cmd-myview = A sua visão da partida (sua mão, seu mapa), enviada só para você
tg-cmd-records = O ranking deste chat; /records me mostra o seu
tg-cmd-help = Todos os comandos

## Os comandos de barra do Discord e suas opções.

dc-cmd-labscape = Partidas de Labscape neste canal
dc-cmd-new = Abrir uma partida neste canal (ou num tópico novo)
dc-opt-new-layout = Um prédio pronto (single, duo, tower, pyramid, grand) ou uma notação como ###/##/#
dc-opt-new-difficulty = Quão cedo amanhece
dc-opt-new-setup = Preencher o prédio por sorteio ou montar juntos
dc-opt-new-players = O máximo de lugares
dc-opt-new-opponent = Desafiar uma pessoa: só ela pode ocupar o lugar livre
dc-opt-new-side = Num jogo de dois, jogar primeiro, em segundo, ou deixar a semente decidir
dc-opt-new-thread = Jogar num tópico novo com o nome da partida
dc-cmd-join = Entrar na partida daqui
dc-cmd-leave = Largar o seu lugar enquanto a partida não começa
dc-cmd-start = Começar a partida (quem a criou)
dc-cmd-abandon = Encerrar a partida (quem a criou ou um admin do canal)
dc-cmd-status = Ver a partida daqui
dc-cmd-addbot = Pôr um jogador automático na partida (quem a criou)
dc-opt-addbot-policy = Como o computador joga
dc-cmd-move = Andar: passos como NNE, ou uma casa de destino como C4
dc-opt-move-path = Passos como NNE, ou uma casa como C4
dc-cmd-roll = Vasculhar a sala onde você está
dc-cmd-rotate-wall = Girar ou mudar uma parede da sua casa, ex.: de B3:NE para B2:SE; sozinho, as que você pode girar
dc-opt-rotate-wall-from = A parede a girar, ex.: B3:NE
dc-opt-rotate-wall-to = Onde ela vai parar, ex.: B2:SE
dc-cmd-exit = Sair do andar pela saída
dc-cmd-wait = Esperar alguns minutos (1 se nada for dito)
dc-opt-wait-minutes = Minutos de espera
dc-cmd-rules = As regras, por tópico
dc-opt-rules-topic = O tópico (overview se nada for dito)
dc-cmd-table = Uma tabela de dados ou de preparação
dc-opt-table-name = Qual tabela (search se nada for dito)
dc-cmd-log = As últimas ações da partida daqui
dc-opt-log-count = Quantas ações (10 se nada for dito)
dc-cmd-help = Os comandos
dc-cmd-place = Montagem: colocar uma parede ou um item, ou completar o andar
dc-cmd-place-wall = Colocar uma parede, ex.: A1:SE
dc-opt-place-wall-wall = A parede, ex.: A1:SE
dc-cmd-place-item = Colocar um item numa casa vazia
dc-opt-place-item-cell = A casa, ex.: A1
dc-opt-place-item-item = O que colocar
dc-cmd-place-autofill = Completar o andar em montagem
dc-cmd-settings = Ver ou mudar os lembretes e o prazo da partida, ou o idioma do canal
dc-opt-settings-reminder = Intervalo entre lembretes, como 12h ou 30m
dc-opt-settings-limit = No máximo quantos lembretes por turno
dc-opt-settings-deadline = Prazo de cada turno, como 48h, ou off
dc-opt-settings-policy = O que acontece quando o prazo passa
dc-opt-settings-language = O idioma das partidas deste canal
dc-cmd-me = Ver ou mudar seu fuso horário, horas de silêncio e idioma
dc-opt-me-timezone = Seu fuso horário, como America/Sao_Paulo
dc-opt-me-quiet = Sem lembretes entre, como 22:00-07:00, ou off
dc-opt-me-language = O idioma em que o bot fala com você
dc-cmd-away = Avisar que vai se ausentar: os lembretes param e seus prazos esperam
dc-opt-away-until = Até quando: 3d, 12h, 2026-11-25 18:00 (no seu fuso), ou off
dc-cmd-recap = O que aconteceu desde a sua última jogada
dc-cmd-replay = A partida até agora (ou a última que terminou) como animação
dc-cmd-export = O registro da partida daqui (ou da última que terminou), para conferir cada jogada e rolagem
dc-cmd-luck = Os dados de cada um comparados com dados honestos, na partida daqui (ou na última)
dc-cmd-draw = Propor empate, ou aceitar o proposto; ou recusá-lo
dc-cmd-resign = Desistir da partida daqui: o outro jogador vence
dc-cmd-myview = A sua visão da partida daqui (sua mão, seu mapa), mostrada só para você
dc-opt-draw-answer = yes: propor ou aceitar empate; no: recusar, ou retirar a sua proposta
dc-cmd-records = Recordes das partidas terminadas: o ranking deste canal, ou o seu
dc-opt-records-me = Mostrar o seu histórico em todos os canais
dc-opt-records-game = O ranking deste canal de outro jogo que não o seu

## /replay: a partida como GIF animado.

replay-so-far = Replay de { $game } até agora: { $turns ->
        [0] só o começo
        [one] o começo e um turno
       *[other] o começo e { $turns } turnos
    }.
replay-finished = Replay de { $game }, a partida inteira: o começo e { $turns ->
        [0] { $turns } turnos
        [one] um turno
       *[other] { $turns } turnos
    }.
replay-abandoned = Replay de { $game }, até onde a partida foi abandonada: { $turns ->
        [0] só o começo
        [one] o começo e um turno
       *[other] o começo e { $turns } turnos
    }.
error-nothing-to-replay = Não há nada para rever neste chat: o /replay mostra a partida em andamento aqui ou, se não houver, a última que terminou.
error-no-replays = Este bot não desenha replays.

## /export, /luck, /records: dados honestos e recordes.

export-finished = O registro de { $game }: a partida inteira ({ $turns ->
        [0] { $turns } turnos
        [one] um turno
       *[other] { $turns } turnos
    }), com a semente. Qualquer um pode conferir cada rolagem com `labscape verify { $file }`.
export-running = O registro de { $game } até agora ({ $turns ->
        [0] { $turns } turnos
        [one] um turno
       *[other] { $turns } turnos
    }), sem a semente: ela antecipa todas as rolagens, então fica em segredo até a partida acabar. O compromisso dela é { $hash }.
export-abandoned = O registro de { $game }, partida abandonada depois { $turns ->
        [0] do começo
        [one] de um turno
       *[other] de { $turns } turnos
    }, com a semente, revelada quando foi abandonada. Qualquer um pode conferir cada rolagem com `labscape verify { $file }`.
error-nothing-to-export = Não há nada para exportar neste chat: o /export entrega o registro da partida em andamento aqui ou, se não houver, da última que terminou.
luck-heading = **Sorte nos dados** em { $game }, depois de { $turns ->
        [0] { $turns } turnos
        [one] um turno
       *[other] { $turns } turnos
    }. O percentil mostra onde um total cai entre dados honestos: 50 é o normal; 90 é mais alto que nove em cada dez sequências honestas.
luck-dice = { $who } rolou 2d6 { $rolls ->
        [0] { $rolls } vezes, somando { $actual }
        [one] uma vez e tirou { $actual }
       *[other] { $rolls } vezes, somando { $actual }
    }; com dados honestos, a média seria { $expected }: percentil { $percentile }.
luck-search = { $searches ->
        [0] Nas { $searches } buscas de { $who } saiu um total de
        [one] Na busca de { $who } saiu
       *[other] Nas { $searches } buscas de { $who } saiu um total de
    } { $actual }, contra { $expected } em média nas linhas da tabela usadas: percentil { $percentile }.
luck-no-rolls = { $who } ainda não rolou os dados.
luck-table = Todos os dados da mesa: { $rolls ->
        [0] { $rolls } rolagens
        [one] uma rolagem
       *[other] { $rolls } rolagens
    } somando { $actual }, contra { $expected } em média: percentil { $percentile }.
luck-ordinary = Nada fora do comum: todos os totais estão entre os percentis 5 e 95, onde dados honestos caem nove vezes em cada dez.
luck-unusual = Fora da faixa entre os percentis 5 e 95: { $which }. Dados honestos fazem isso uma vez em cada dez para cada total; com alguns jogadores, acontece bastante.
luck-odd-dice = os dados de { $who } ({ $percentile })
luck-odd-search = as buscas de { $who } ({ $percentile })
luck-check = Dá para conferir cada rolagem: o /export entrega o registro da partida e, quando ela termina, o `labscape verify` refaz tudo a partir da semente revelada.
error-no-dice-in-game = { $game } não tem dados: cada jogada é escolha dos jogadores, então não há sorte para pesar.
error-no-dice-yet = Não há dados para olhar neste chat: o /luck analisa a partida em andamento aqui ou, se não houver, a última que terminou.
error-play-in-private = Nesta partida você joga em privado, então o que enviou aqui não foi jogado (nem é repetido): envie na sua conversa privada comigo (Telegram) ou com /play, que só você vê (Discord).
error-secret-until-end = { $game } guarda segredos até terminar, e o registro os contém: /replay e /export ficam disponíveis quando a partida acabar.
error-nothing-private = Não há nada só para você nesta partida agora: nenhuma jogada privada, e nada que só você possa ver.
private-your-move = 🔒 { $who }: sua vez
any-played-hidden = { $who } jogou.
tg-open-private = { $who }, esta partida tem coisas só para você, e ainda não consigo lhe escrever: abra { $link } e toque em Iniciar, e a partir daí elas chegarão a você lá.
tg-open-private-answer = { $who }, minha resposta é só para você, e ainda não consigo lhe escrever: abra { $link }, toque em Iniciar, e poderei lhe responder lá.
records-heading = **Recordes deste chat** (partidas jogadas até o fim; jogadores do computador ficam fora do ranking):
records-line = { $rank }. { $who }: { $games ->
        [0] { $games } partidas
        [one] uma partida
       *[other] { $games } partidas
    }: fugas { $escaped }, capturas ao amanhecer { $dawn }, vezes que ficou para trás { $left }, capturas pelo robô { $robot }; { $escaped ->
        [0] ainda não levou comida para fora
       *[other] mais comida levada para fora: { $food }
    }.
records-hint = O /records me mostra o seu histórico em todos os chats.
records-unranked = { $game } não vale rating e não tem classificação: as partidas terminadas ficam guardadas com o resultado de cada lugar, mas não entram em ranking.
records-none-of-game = Nenhuma partida de { $game } terminou neste chat ainda. Os recordes contam partidas jogadas até o fim; partidas abandonadas não contam.
records-empty = Nenhuma partida terminou neste chat ainda. Os recordes contam partidas jogadas até o fim; partidas abandonadas não contam.
records-me = **Seu histórico** em todos os chats: { $games ->
        [0] { $games } partidas
        [one] uma partida
       *[other] { $games } partidas
    }: fugas { $escaped }, capturas ao amanhecer { $dawn }, vezes que ficou para trás { $left }, capturas pelo robô { $robot }. { $escaped ->
        [0] Você ainda não levou comida para fora do prédio.
       *[other] Mais comida levada para fora: { $food } (o seu recorde pessoal).
    }
ratings-heading = Ranking de **{ $game }** neste chat (Glicko-2; os jogadores do computador entram como adversários, nunca na lista):
ratings-line = { $rank }. { $who }: { $rating } ± { $deviation } ({ $games ->
        [0] { $games } partidas
        [one] uma partida
       *[other] { $games } partidas
    }: { $wins ->
        [0] { $wins } vitórias
        [one] 1 vitória
       *[other] { $wins } vitórias
    }, { $losses ->
        [0] { $losses } derrotas
        [one] 1 derrota
       *[other] { $losses } derrotas
    }{ $draws ->
        [0] {""}
       [one] , 1 empate
       *[other] , { $draws } empates
    })
ratings-me-heading = **Seus rankings** nesta plataforma:
ratings-me-line = { $game }: { $rating } ± { $deviation } ({ $games ->
        [0] { $games } partidas
        [one] uma partida
       *[other] { $games } partidas
    }: { $wins ->
        [0] { $wins } vitórias
        [one] 1 vitória
       *[other] { $wins } vitórias
    }, { $losses ->
        [0] { $losses } derrotas
        [one] 1 derrota
       *[other] { $losses } derrotas
    }{ $draws ->
        [0] {""}
       [one] , 1 empate
       *[other] , { $draws } empates
    })
records-me-unrated = **{ $game }** (sem rating): { $games ->
        [0] nenhuma partida jogada até o fim
        [one] 1 partida jogada até o fim
       *[other] { $games } partidas jogadas até o fim
    }, { $wins } { $wins ->
        [0] vencidas
        [one] vencida
       *[other] vencidas
    }.
records-me-empty = Você ainda não tem partidas terminadas aqui. Os recordes contam partidas jogadas até o fim; partidas abandonadas não contam.

## Qualquer jogo (o que todo jogo recebe antes de ter palavras próprias)
any-played = { $who } jogou { $action }.
any-game-won = Fim de jogo: { $who } venceu ({ $reason }).
any-game-over = Fim de jogo: { $winners } ({ $reason }).
any-lobby-open = { $who } abriu { $game } ({ $options }). Lugares: { $max }. Entre com /join; quem criou começa com /start.
error-not-invited = Esta partida é um desafio: só a pessoa desafiada pode ocupar o lugar livre.
any-challenge = { $who } desafia { $opponent } para { $game } ({ $options }). { $opponent }: ocupe o lugar com /join; quem criou começa com /start.
any-side-first = { $who } joga primeiro.
any-side-second = { $who } joga em segundo.
any-side-random = A semente decide quem começa.
any-lobby-status = { $game } está no saguão ({ $options }). Lugares ({ $taken }/{ $max }): { $seats }. Quem criou começa com /start.
any-game-begins = { $game } começa: { $players }. Compromisso da semente (SHA-256): { $hash }; a semente é revelada no fim, para qualquer um conferir.
any-pick = Escolha a jogada de { $from }:
any-next = Agora: { $who }.
any-status = { $game }, jogada { $turn }. Jogadores: { $players }.
error-game-option = { $problem }
error-refused = Isso não vale: { $problem }
error-other-games-verb = { $game } não tem esse comando: ele é do { $owner }. Jogue com /play (ou os botões); /help mostra os comandos deste jogo.
error-no-tables = { $game } não tem tabelas. Os jogos com tabelas: { $games }; /table JOGO mostra as deles (/table { $example }).
any-help-draw = Empate: /draw propõe um, ou aceita o proposto · /draw no recusa
any-help-resign = Desistir: /resign encerra a partida, e o outro jogador vence
any-help = **Comandos de { $game }**
    Na sua vez: /play JOGADA (ou os botões embaixo do tabuleiro){ $several ->
        [yes] { " " }· um turno inteiro de várias jogadas numa mensagem
       *[no] {""}
    }
    A qualquer hora: /status · /log [quantidade] · /recap · /replay · /export · /rules · /records [me]
    No saguão: /join · /leave · /addbot [random|easy|strong] · /start · /abandon
    Partidas de vários dias: /me tz America/Sao_Paulo quiet 22:00-07:00 lang pt-BR · /away 3d · /snooze · /settings
outbox-again = (Esta jogada não apareceu quando foi feita; aqui está.)
dc-cmd-snooze = Adiar por 4 horas os lembretes da sua vez
dc-cmd-play = Jogar uma ação do jogo deste chat, na notação dele (b2-c3, c1, move NNE…)
dc-opt-play-action = A ação, por exemplo b2-c3, c1 ou move NNE
dc-opt-new-game = O jogo (Labscape, se não disser)
dc-opt-new-options = Opções de um jogo que não é o Labscape, como stones=10

## Imagens dos jogos de tabuleiro a dois
board-to-move = vez de { $who }
board-won = { $who } venceu: { $reason }
board-first = primeiro
board-second = segundo
board-cats = Gatos
board-dogs = Cães
board-white = Brancas
board-black = Pretas
board-home = casa { $square }
board-seat = Jogador { $n }
board-semaforo-supply = Reserva: verdes { $green } · amarelas { $yellow } · vermelhas { $red }
board-gatos-counts = Gatos { $cats } · cães { $dogs } · casas livres: gatos { $cat_squares }, cães { $dog_squares }
board-rastros-counts = Peças pretas { $black } · jogadas possíveis { $moves }
board-avanco-counts = Brancas { $white } · pretas { $black }

## Regras dos outros jogos (/rules num chat que os joga, ou /rules JOGO)
semaforo-rules = **Semáforo** (Alan Parr) — 2 jogadores, tabuleiro 4×3 (a1–d3), uma reserva comum de 8 peças verdes, 8 amarelas e 8 vermelhas.
    Na sua vez diga uma casa (/play c1): numa casa vazia entra uma verde; a verde passa a amarela; a amarela passa a vermelha. A vermelha nunca muda; não se pode passar.
    Ganha quem primeiro fizer uma linha de três da mesma cor — na horizontal, na vertical ou na diagonal. Não há empates: um jogo dura no máximo 36 jogadas.
    Com jogo perfeito ganha o segundo jogador; o computador forte joga perfeitamente.
gatos-caes-rules = **Gatos & Cães** (Simon Norton) — 2 jogadores num tabuleiro 8×8: começam os Gatos, depois os Cães.
    Na sua vez coloque uma peça sua numa casa vazia (/play e4) que não fique ao lado (esquerda, direita, acima, abaixo) de uma peça do outro tipo. As diagonais não contam.
    O primeiro gato vai para a zona central (d4, d5, e4 ou e5); o primeiro cão vai para fora dela.
    Ganha quem fizer a última jogada: se a sua colocação deixar o adversário sem casa, você ganha.
rastros-rules = **Rastros** (Bill Taylor) — 2 jogadores compartilham uma peça branca num tabuleiro 7×7, que começa em e5. A sua casa final: a1 para o primeiro jogador, g7 para o segundo.
    Na sua vez mova a peça branca uma casa em qualquer das 8 direções para uma casa vazia (/play d4); a casa que ela deixa recebe uma peça preta para sempre.
    Se a peça branca chegar à sua casa final, você vence, não importa quem a moveu. Deixar o adversário sem jogada também ganha.
avanco-rules = **Avanço** (Dan Troyka) — 2 jogadores num tabuleiro 7×7: as Brancas nas filas 1–2 sobem, as Pretas nas filas 6–7 descem; começam as Brancas.
    Mova uma peça uma casa para a frente, em linha reta ou na diagonal, para uma casa vazia (/play b2-b3); ou capture uma peça inimiga uma casa na diagonal para a frente (/play b2xc3). Nunca em frente sobre uma peça, nunca para trás nem para o lado.
    Chegue à primeira fila do adversário, ou capture a última peça dele, e ganha. No chat, b2c3 ou B2-C3 vale pela única jogada legal que indica.
board-flume-counts = Brancas { $white } · pretas { $black } · 25 ganham
flume-rules = **Flume** (Mark Steere) — 2 jogadores num tabuleiro 7×7; o primeiro joga com as Brancas, o segundo com as Pretas.
    Na sua vez coloque uma peça da sua cor numa casa vazia (/play d4). Se a casa preenchida tiver no máximo uma casa vazia ao lado (esquerda, direita, acima, abaixo), joga outra vez — uma vez pode ser uma cadeia, escrita de uma só vez (/play b1 d4 quando a1 e c1 já estão ocupadas: b1 fica com uma só casa vazia ao lado).
    O segundo jogador pode responder à primeira peça com /play swap: as cores trocam de mãos e essa peça passa a ser dele.
    Ganha a primeira cor com 25 peças — mais da metade do tabuleiro.
error-refused-part = A parte { $n } (“{ $part }”) não vale: { $problem }. Nada foi jogado.
error-refused-rest = A parte { $n } (“{ $part }”) não vale: { $problem }. O que veio antes dela foi jogado; ela e o que vem depois, não.
board-produto-final = Placar final: Pretas { $black } · Brancas { $white }
board-produto-score = Pretas { $black } · Brancas { $white } · peças por jogar nesta vez: { $left }
produto-rules = **Produto** (Bentley, Neto, Taylor) — 2 jogadores num hexágono de 61 casas (filas a–i); começam as Pretas. Uma reserva comum de 45 peças pretas e 45 brancas.
    A primeira vez das Pretas é uma peça; cada vez seguinte são duas peças de qualquer cor, em quaisquer casas vazias: /play e5b f6w (b de black, as pretas; w de white, as brancas).
    Com o tabuleiro cheio cada cor vale o produto dos seus dois maiores grupos (menos de dois grupos: 0). As Pretas contam para o primeiro jogador, as Brancas para o segundo; ganha o maior. Empate: ganha quem tiver menos peças da sua cor.
    Mantenha separados os seus dois grandes grupos; junte os do adversário.

local-not-utf8 = a linha não é texto UTF-8
local-name-too-long = Um nome tem no máximo { $max } caracteres; escolha um mais curto (nada foi feito).
local-line-too-long = a linha é longa demais (no máximo 64 KiB)

## The board games' refusals (bot/src/games/refusals.rs).
refusal-game-over = a partida acabou
refusal-not-your-turn = não é a sua vez
refusal-occupied = { $square } está ocupada
semaforo-refusal-unreadable = “{ $text }” não é uma casa do tabuleiro: diga uma de a1 a d3
semaforo-refusal-red = { $square } tem uma peça vermelha, e a vermelha nunca muda
semaforo-refusal-empty-supply = não sobrou peça { $piece ->
        [green] verde
        [yellow] amarela
       *[other] vermelha
    } na reserva para { $square }
gatos-caes-refusal-unreadable = “{ $text }” não é uma casa do tabuleiro: diga uma de a1 a h8
gatos-caes-refusal-next-to = { $square } fica ao lado { $kind ->
        [cat] do gato
       *[other] do cão
    } em { $at }
gatos-caes-refusal-first-cat = o primeiro gato vai em d4, d5, e4 ou e5
gatos-caes-refusal-first-dog = o primeiro cão vai fora de d4, d5, e4, e5
rastros-refusal-unreadable = “{ $text }” não é uma casa do tabuleiro: diga uma de a1 a g7
rastros-refusal-not-adjacent = { $to } não fica ao lado da peça branca em { $white }
rastros-refusal-stay = a peça branca já está em { $square }: mova-a para uma casa ao lado
rastros-refusal-black = { $square } tem uma peça preta
avanco-refusal-unreadable = “{ $text }” não é uma jogada: escreva como b2-b3, ou b2xc3 para capturar
avanco-refusal-no-piece = não há peça { $colour ->
        [white] branca
       *[other] preta
    } em { $square }
avanco-refusal-not-forward = as peças só andam para a frente, uma casa: { $from } não pode ir para { $to }
avanco-refusal-straight-capture = as peças capturam só na diagonal, nunca em frente, em { $square }
avanco-refusal-nothing-to-capture = não há peça adversária em { $square } para capturar
avanco-refusal-not-one-action = “{ $text }” não indica uma única jogada válida aqui
produto-refusal-unreadable = “{ $text }” não é uma peça: escreva a casa e a cor, b (black, preta) ou w (white, branca), como e5b
produto-refusal-empty-supply = acabaram as pedras { $colour ->
        [black] pretas
       *[other] brancas
    } da reserva
flume-refusal-unreadable = “{ $text }” não é uma jogada: diga uma casa de a1 a g7, ou swap
flume-refusal-no-swap = a troca (swap) só vale como primeira jogada do segundo jogador, logo depois da primeira pedra
semaforo-reason-line = uma linha de três peças { $colour ->
        [green] verdes
        [yellow] amarelas
       *[other] vermelhas
    }
semaforo-reason-stuck = o adversário não tem jogada válida
gatos-caes-reason-placed-last = { $side ->
        [cat] os gatos
       *[other] os cães
    } jogaram por último
rastros-reason-home = a peça branca chegou a { $square }
rastros-reason-blocked = o adversário ficou sem jogada
avanco-reason-goal = { $colour ->
        [white] as Brancas
       *[other] as Pretas
    } chegaram à fileira { $rank }
avanco-reason-took-all = { $colour ->
        [white] as Brancas capturaram todas as peças pretas
       *[other] as Pretas capturaram todas as peças brancas
    }
produto-reason-product = { $colour ->
        [black] as Pretas
       *[other] as Brancas
    } fazem { $score } contra { $other }
produto-reason-fewer-stones = placar empatado ({ $score }); menos pedras da sua cor ({ $fewer } contra { $more })
flume-reason-stones = { $colour ->
        [white] as Brancas
       *[other] as Pretas
    } têm { $stones } pedras
semaforo-event-upgraded = { $square } fica { $piece ->
        [yellow] amarela
       *[other] vermelha
    }.
avanco-event-captured = A peça em { $square } é capturada.
flume-event-again = A pedra tem no máximo uma vizinha vazia: o mesmo jogador coloca outra.
flume-event-swapped = Os jogadores trocam de cor: o segundo jogador fica com as brancas e a primeira pedra.

## Nim, o jogo de teste: suas palavras ficam só aqui e em games/nim.rs.
nim-refusal-unreadable = “{ $text }” não é um número de pedras: tire 1, 2 ou 3
nim-refusal-too-many = só restam { $left } pedras
nim-reason-last-stone = tirou a última pedra
nim-rules = **Nim** (o jogo de teste) — tire 1, 2 ou 3 pedras da pilha; quem tirar a última pedra vence.
nim-left = pedras restantes: { $left }
options-standard = padrão
help-any = **Jogos aqui**
    { $games }
    Para abrir um: /new JOGO (só /new, sem jogo, abre o Labscape), depois /join ou /addbot, e /start. Jogue a ação de qualquer jogo com /play AÇÃO (/play e4, /play b2-b3); o Labscape também tem /move, /roll, /rotate-wall, /exit e /wait.
    Regras: /rules JOGO (um resumo; as regras completas estão em docs/rules/JOGO.md do bot). /help num chat com um jogo em andamento lista os comandos desse jogo.
help-game-line = · { $name }: /new { $id } · /rules { $id }
error-unknown-game = Não há jogo “{ $word }” aqui. Os jogos: { $games } (só /new, sem jogo, abre o Labscape; /help lista todos).
error-unknown-game-near = Não há jogo “{ $word }”; você quis dizer { $near }? Os jogos: { $games }.
game-abandoned-seed-plain = A semente era { $seed } (SHA-256 { $hash }); qualquer um pode conferir como a partida foi preparada.
game-over-seed-plain = A semente era { $seed } (SHA-256 { $hash }): reproduza o registro para conferir todas as jogadas.
export-finished-plain = O registro de { $game }: a partida inteira ({ $turns ->
        [0] { $turns } jogadas
        [one] uma jogada
       *[other] { $turns } jogadas
    }) com a semente. Qualquer um pode conferir todas as jogadas com `labscape verify { $file }`.
export-running-plain = O registro de { $game } até agora ({ $turns ->
        [0] { $turns } jogadas
        [one] uma jogada
       *[other] { $turns } jogadas
    }), sem a semente, que fica em segredo até o fim da partida. O compromisso dela é { $hash }.
export-abandoned-plain = O registro de { $game }, partida abandonada depois { $turns ->
        [0] do começo
        [one] de uma jogada
       *[other] de { $turns } jogadas
    }, com a semente, revelada quando foi abandonada. Qualquer um pode conferir todas as jogadas com `labscape verify { $file }`.
rules-full = Regras completas: docs/rules/{ $id }.md no repositório do bot.
error-game-ended = { $game } terminou: { $how } /status, /log e /recap ainda mostram a partida; /new JOGO começa outra (/help lista os jogos).
error-game-ended-plain = a partida acabou.
error-empty-action = Escreva a ação depois de /play, como /play AÇÃO: os botões do último turno mostram o que você pode jogar, e /help como as ações se escrevem.
status-ended = { $game } terminou; /new JOGO começa outra.
error-turn-ended-after = Sua vez termina com “{ $after }”, então “{ $part }” não pode vir depois na mesma mensagem. Nada foi jogado: mande “{ $after }” sozinho.
error-turn-ended-rest = Sua vez terminou com “{ $after }”, então “{ $part }” e o que vem depois não foram jogados.

## skarb
skarb-rules = **Skarb Labiryntu** (O Tesouro do Labirinto; Jakub Kowalski, 2013, um jogo de programação do sistema Meridius, Universidade de Wrocław) — 2 jogadores num labirinto n×n (size=5 a 25, padrão 8). O primeiro jogador é o arquiteto, o segundo o explorador.
    O tesouro fica na casa do canto superior esquerdo; o explorador começa no canto inferior direito. Uma rodada é uma ação de cada um: o arquiteto planta uma sebe numa casa (/play c3) ou passa; o explorador anda uma casa para cima, direita, baixo ou esquerda (/play n, e, s, w, ou norte, leste, sul, oeste, ou a casa para onde vai) ou passa.
    Nenhuma sebe cresce na casa do explorador nem ao lado dela, no canto do tesouro, nem onde deixaria o explorador sem caminho até o tesouro.
    100 pontos são divididos [arquiteto, explorador]: chegar em até 2n−2 rodadas dá todos ao explorador; depois a parte dele cai a cada rodada até zero no limite (n² rodadas com o mapa, 3n² sem). Vence quem tiver mais pontos; 50–50 é do explorador.
    Sem o mapa (/new skarb map=no) o explorador só vê o quadrado de 5×5 casas em volta dele e lembra o que viu; o grupo vê o que ele vê, e o arquiteto joga em particular (no chat privado com o bot no Telegram, em respostas que só ele vê no Discord). Um passe e uma sebe plantada fora da vista do explorador parecem iguais para ele: “O arquiteto jogou.”
skarb-roles = { $architect } é o arquiteto, que planta as sebes; { $seeker } é o explorador, que anda até o tesouro.
skarb-architect = arquiteto
skarb-seeker = explorador
skarb-hidden = O arquiteto jogou.
skarb-points = Pontos: arquiteto { $architect } · explorador { $seeker }
board-skarb-counts = Rodada { $round } de { $limit } · chegando agora: arquiteto { $architect } · explorador { $seeker }
board-skarb-final = Rodada { $round } de { $limit } · pontos: arquiteto { $architect } · explorador { $seeker }
skarb-reason-arrived = o explorador chegou ao tesouro na rodada { $round }
skarb-reason-limit = o explorador não chegou ao tesouro em { $limit } rodadas
skarb-refusal-unreadable = “{ $text }” não é uma ação: escreva uma casa de a1 a { $last }, uma direção (n, e, s, w) ou passar
skarb-refusal-architect-walks = o arquiteto planta uma sebe numa casa ou passa; só o explorador anda
skarb-refusal-already-hedge = { $square } já é sebe
skarb-refusal-seeker-square = o explorador está em { $square }
skarb-refusal-treasure-square = o tesouro está em { $square }
skarb-refusal-next-to-seeker = { $square } fica ao lado do explorador em { $seeker }
skarb-refusal-treasure-corner = { $square } fica ao lado do tesouro
skarb-refusal-closes-path = uma sebe em { $square } deixaria o explorador sem caminho até o tesouro
skarb-refusal-not-next = { $square } não fica ao lado do explorador em { $seeker }: ele anda para cima, direita, baixo ou esquerda
skarb-refusal-into-hedge = { $square } é sebe
skarb-refusal-into-ring = o anel de sebe fica para lá ({ $dir })

## soccolot
soccolot-rules = **Soccolot** (David W. Wilson, 2000) — 2 jogadores num tabuleiro 8×8. As Pretas, que começam, têm seis jogadores em b1–g1; as Brancas, seis em b8–g8. A bola começa em e5 e não é de ninguém.
    Na sua vez mova um dos seus jogadores: **corra** uma casa em qualquer direção para uma casa vazia (/play c2-d3); ou, com um jogador ao lado da bola, **conduza** — jogador e bola andam uma casa na mesma direção (/play c2-d3*); ou **chute** — a bola segue reto na linha do seu jogador através da bola, por casas vazias, e para onde você disser (/play b3>e6); quem chuta fica.
    A bola na última fileira do adversário vence: as Pretas marcam na fileira 8, as Brancas na fileira 1 — gol contra conta para o adversário. Quem fica sem jogada válida perde. Não há empate.
    No chat, c2 d3 vale pela única jogada que pode significar.
board-soccolot-counts = Pretas marcam na fileira 8 · Brancas na fileira 1 · bola em { $ball }
soccolot-event-ball = A bola vai de { $from } para { $to }.
soccolot-reason-goal = as { $colour ->
        [black] Pretas
       *[other] Brancas
    } marcaram em { $square }
soccolot-reason-own-goal = as { $colour ->
        [black] Pretas
       *[other] Brancas
    } fizeram gol contra em { $square }
soccolot-reason-blocked = as { $colour ->
        [black] Pretas
       *[other] Brancas
    } não têm jogada válida
soccolot-refusal-unreadable = “{ $text }” não é uma jogada: escreva uma corrida como c2-d3, uma condução como c2-d3* ou um chute como b3>e6
soccolot-refusal-no-man = não há jogador em { $square }
soccolot-refusal-ball-is-no-man = { $square } tem a bola, não um jogador: a bola só anda quando um jogador ao lado dela a conduz ou chuta
soccolot-refusal-not-your-man = o jogador em { $square } é das { $colour ->
        [black] Pretas
       *[other] Brancas
    }, não seu
soccolot-refusal-not-one-step = um jogador anda uma casa: { $to } não fica ao lado de { $from }
soccolot-refusal-run-onto-ball = { $to } tem a bola: um jogador não corre para cima dela; para conduzi-la escreva { $from }-{ $to }*
soccolot-refusal-occupied = { $square } está ocupada por um jogador das { $colour ->
        [black] Pretas
       *[other] Brancas
    }
soccolot-refusal-not-next-to-ball = o jogador em { $man } não está ao lado da bola em { $ball }: só um jogador ao lado dela pode conduzir ou chutar
soccolot-refusal-ball-off-board = a bola em { $square } sairia do tabuleiro
soccolot-refusal-ball-blocked = a bola não pode ir para { $square }: há um jogador das { $colour ->
        [black] Pretas
       *[other] Brancas
    } lá
soccolot-refusal-kick-in-place = a bola já está em { $square }: um chute a move pelo menos uma casa
soccolot-refusal-off-line = { $stop } não está na linha de { $from } através da bola em { $ball }: a bola segue reto, para longe de quem chuta
soccolot-refusal-passes-through = a bola passaria através do jogador em { $square }
soccolot-refusal-stop-on-man = a bola não pode parar em { $square }: há um jogador lá
soccolot-refusal-not-one-action = “{ $text }” não indica uma única jogada válida aqui
soccolot-refusal-run-or-dribble = de { $from } para { $to } pode ser uma corrida ({ $from }-{ $to }) ou uma condução ({ $from }-{ $to }*): escreva qual

## SAGES
sages-rules = **SAGES** (Max Gerchambeau, 1980) — futebol para 2 num tabuleiro 15×15: um campo cercado por casas fora de campo, um gol de cinco casas em cada ponta (f1–j1 das Brancas, f15–j15 das Pretas). Sete jogadores cada um e uma bola; as Brancas começam embaixo.
    Na sua vez mova um jogador em linha reta, em qualquer das 8 direções, por casas vazias (/play d3-d7) — mas nunca pelas suas duas diagonais para trás. Os jogadores podem parar fora de campo e atravessar os dois gols; nunca param no gol do adversário, e só um dos seus pode ficar no seu próprio gol.
    Um jogador que entra na casa da bola (aí vale a diagonal para trás) chuta a bola na mesma direção: a cada jogador que encontra a bola vira em ângulo reto, para a esquerda ou a direita. Diga onde ela para (/play h5-h8>k10, ou só h5 k10): qualquer casa do caminho, menos fora de campo.
    Bola parada num gol é ponto do lado que ataca esse gol (gol contra vale); o campo volta ao início e a vez passa como depois de qualquer jogada: depois de um gol sai jogando quem sofreu, depois de um gol contra quem marcou. Quem fizer 5 gols primeiro ganha; quem não tiver jogada legal perde.
board-sages-score = Brancas { $white } – { $black } Pretas · ganha quem fizer 5 gols
sages-or = ou
sages-refusal-unreadable = “{ $text }” não é uma jogada: escreva um movimento como d3-d7, ou um chute como h5-h8>k10
sages-refusal-no-man = não há jogador em { $square }
sages-refusal-not-your-man = o jogador em { $square } é das { $colour ->
        [white] Brancas
       *[other] Pretas
    }, não é seu
sages-refusal-ball-is-not-a-man = a bola está em { $square }: mova um dos seus jogadores até ela para chutá-la
sages-refusal-not-a-line = { $to } não está em linha reta a partir de { $from }
sages-refusal-passes-over = o caminho de { $from } a { $to } passa por cima { $what ->
        [white] do jogador das Brancas
        [black] do jogador das Pretas
       *[other] da bola
    } em { $square }
sages-refusal-occupied = { $square } está ocupada por um jogador das { $colour ->
        [white] Brancas
       *[other] Pretas
    }
sages-refusal-onto-the-ball = um jogador que entra na casa da bola ({ $ball }) a chuta: diga onde ela para, como { $from }-{ $ball }>…
sages-refusal-backward-diagonal = os jogadores nunca andam na diagonal para trás ({ $from } a { $to }), a não ser até a bola
sages-refusal-opponents-goal = um jogador pode atravessar o gol adversário, mas nunca parar nele ({ $square })
sages-refusal-second-on-goal = você já tem um jogador no seu gol (em { $keeper }): { $square } é recusada
sages-refusal-not-the-ball = a bola está em { $ball }, não em { $square }
sages-refusal-no-stop = chutada de { $from }, a bola em { $ball } não teria onde parar
sages-refusal-stop-out-of-play = a bola nunca para fora de campo, e { $stop } é fora de campo
sages-refusal-stop-on-man = a bola não pode parar em { $stop }: há um jogador lá
sages-refusal-stop-on-start = a bola tem de andar: não pode parar em { $stop }, de onde é chutada
sages-refusal-stop-unreachable = chutada de { $from }, a bola não chega a { $stop }
sages-refusal-not-one-action = “{ $text }” não indica uma jogada legal aqui
sages-refusal-ambiguous = “{ $text }” pode ser { $choices }
sages-reason-five-goals = { $colour ->
        [white] as Brancas
       *[other] as Pretas
    } marcaram cinco gols, { $white }–{ $black }
sages-reason-no-action = { $loser ->
        [white] as Brancas não têm
       *[other] as Pretas não têm
    } nenhuma jogada legal
sages-event-ball = A bola corre { $way }.
sages-event-ball-bounces = A bola corre { $way }, desviando { $bounces ->
        [0] { $bounces } vezes
        [one] uma vez
       *[other] { $bounces } vezes
    }.
sages-event-goal = Gol { $colour ->
        [white] das Brancas
       *[other] das Pretas
    }! Brancas { $white } – { $black } Pretas.
sages-event-reset = Os jogadores e a bola voltam ao início, e a vez passa como depois de qualquer jogada.
## hidra
hidra-rules = **Labirinto da Hidra** — 2 a 4 aventureiros (digger, weaver, rogue, warden) no covil da Hidra, um labirinto 5×5 de peças com paredes (casas a1–e5) que desliza sempre que a Hidra grita. Vence quem primeiro tiver 3 artefatos e então pisar no Portal de Fuga.
    Um turno tem 4 pontos de ação: move n (1), move e dodge ou move e blade para a Hidra (2), ghost s com o mapa (2), dig w (o digger, 4), explore b4 (1, olhar em segredo uma ficha virada ao lado), steal 2 (2), use gem, use bell, use ring 3, use mask 2 (1), weave 90 (o weaver, 2), provoke (4; o warden 3), end.
    Entrar numa câmara dispara um perigo ou dá o seu artefato (depois de coletar, nada de move, ghost ou dig até o seu próximo turno); nos dois casos você grita em seguida: scream 3 e 90 desliza a linha 3 uma casa para leste, e a peça empurrada para fora volta pelo oeste girada 90°. A luta com a Hidra é 2d6 + 2 contra 10.
    Ninguém vence quando restam menos de 3 artefatos ou depois da última rodada (30 por padrão).
    No chat: /new hidra players=3 (opções: players=2–4, heroes=rogue,warden,…, defence=fixed ou scaled, hydra-every=1–10, rounds=5–200), /join, /addbot strong (ou easy, random), /start. Várias ações numa mensagem: /play move n, move e, explore b4. Toda ação é contada ao grupo; o que está virado, cada mão e o banco são secretos: o que você explora, pega ou perde chega só a você (Telegram: seu chat privado com o bot; Discord: o botão 🔒), com a sua mão e os botões dela, e também a recusa de uma ação que você não podia fazer (“você não tem o artefato ring”). /table hidra: aventureiros, artefatos, perigos, dados. Sem rating.
hidra-heroes = Heróis: { $heroes }.
hidra-hero-of = { $who } (lugar { $seat }) é { $hero }
hidra-hero-digger = o Escavador (digger), que cava através de uma parede (dig D)
hidra-hero-weaver = o Mago Cartógrafo (weaver), que gira a própria peça (weave 90)
hidra-hero-rogue = o Ladrão do Crepúsculo (rogue), que vence os empates de roubo
hidra-hero-warden = a Guardiã da Luz (warden), que os efeitos dos perigos não atingem
hidra-reason-portal = um aventureiro com 3 artefatos ou mais fugiu pelo Portal
hidra-reason-too-few-artifacts = restam menos de 3 artefatos no jogo: ninguém pode fugir
hidra-reason-round-limit = a última rodada acabou e ninguém fugiu
hidra-tile-hydra = HIDRA
hidra-tile-entry = ENTRADA
hidra-tile-portal = PORTAL
board-hidra-counts = Rodada { $round } de { $rounds } · PA { $ap } · banco { $bank } · artefatos restantes { $left }
board-hidra-pinned = {" "}· { $line } está presa
hidra-hands = mãos: { $hands }
private-my-view = 🔒 Minha visão e mão
hidra-row = a linha { $line }
hidra-column = a coluna { $line }
hidra-the-hydra = A Hidra
hidra-won = vitória
hidra-lost = derrota
hidra-some-artifacts = { $count ->
        [0] { $count } artefatos
        [one] um artefato
       *[other] { $count } artefatos
    }
hidra-next = Agora: { $who } ({ $ap ->
        [0] { $ap } pontos de ação
        [one] 1 ponto de ação
       *[other] { $ap } pontos de ação
    }).
hidra-next-scream = { $who } deve um Grito: scream, a fileira (1–5) ou a coluna (a–e), a direção em que ela desliza e, se quiser, o giro da peça que volta: por exemplo scream 3 l 90 (a fileira 3 desliza para leste).
hidra-next-drop = { $who } perdeu a luta e larga um artefato à sua escolha (drop NOME).
hidra-ev-turn = Vez de { $who }: rodada { $round }, { $ap ->
        [0] { $ap } pontos de ação
        [one] 1 ponto de ação
       *[other] { $ap } pontos de ação
    }.
hidra-dir-n = norte
hidra-dir-e = leste
hidra-dir-s = sul
hidra-dir-w = oeste
hidra-hazard-mud = Poço de Lodo
hidra-hazard-bats = Ninho de Morcegos
hidra-hazard-draft = Corrente de Ar Tóxico
hidra-hazard-pillars = Pilares em Colapso
hidra-hazard-stalactites = Estalactites Sonoras
hidra-scream-order = (Grito { $n } de { $count })
hidra-ev-pickup = { $who } recolhe { $what } em { $cell } no começo do turno, por 1 ponto de ação.
hidra-ev-refilled = Um artefato do banco é posto virado em { $cell }.
hidra-ev-refilled-known = O artefato { $artifact } do banco é posto virado em { $cell }.
hidra-ev-moved = { $who } vai para { $cell }.
hidra-ev-pushed = A Hidra empurra { $who } para { $cell }.
hidra-ev-blown = A corrente de ar leva { $who } de volta à Entrada, em { $cell }.
hidra-ev-collected = { $who } pega { $what } em { $cell }.
hidra-ev-explored = { $who } olha a ficha em { $cell }.
hidra-ev-explored-known = { $who } olha a ficha em { $cell }: { $token }.
hidra-ev-hazard = { $who } dispara o perigo { $hazard } em { $cell }.
hidra-ev-hazard-immune = { $who } dispara o perigo { $hazard } em { $cell }; a Guardiã da Luz não é atingida.
hidra-ev-snatched = Os morcegos levam um artefato de { $who }.
hidra-ev-snatched-known = Os morcegos levam o artefato { $artifact } de { $who }.
hidra-ev-dodged = { $who } tira { $roll } e passa pela Hidra sem ser visto: o turno termina ali, com todos os pontos de ação gastos.
hidra-ev-dodge-failed = { $who } tira { $roll }: a Hidra vê e a luta começa.
hidra-ev-combat = { $who } luta com a Hidra: { $a } + { $b } + 2 = { $total } contra { $defence }: { $result }.
hidra-ev-combat-blade = { $who } luta com a Hidra com a Lâmina do Limiar: { $result }.
hidra-ev-dropped = { $who } larga o artefato { $artifact } em { $cell }.
hidra-ev-theft-won = { $who } tenta roubar { $victim }: { $thief } contra { $other }: consegue.
hidra-ev-theft-lost = { $who } tenta roubar { $victim }: { $thief } contra { $other }: falha.
hidra-ev-stolen = { $who } tira um artefato de { $victim }.
hidra-ev-stolen-known = { $who } tira o artefato { $artifact } de { $victim }.
hidra-ev-used = { $who } usa o artefato { $artifact }.
hidra-ev-vision = { $who } vê todas as fichas viradas.
hidra-ev-vision-known = { $who } vê todas as fichas viradas: { $seen }.
hidra-ev-pinned = { $who } prende { $line } até o seu próximo turno.
hidra-ev-swapped = { $who } e { $other } trocam de lugar.
hidra-ev-woven = { $who } gira a peça em { $cell } em { $rot }°.
hidra-ev-provoked = { $who } provoca a Hidra.
hidra-ev-scream = { $who } grita: { $line } desliza para { $dir }; a peça de { $removed } volta em { $inserted }, girada { $rot }°.
hidra-ev-scream-straight = { $who } grita: { $line } desliza para { $dir }; a peça de { $removed } volta em { $inserted }.
hidra-ev-calmed = A Hidra está calma: desta vez não há Grito.
hidra-luck-heading = Sorte em { $game }: todos os dados que a mesa viu (esquivas, lutas, roubos) contra dados honestos (3,5 por dado em média).
hidra-luck-line = { $who }: { $rolls } dados, { $average } por dado: mais sorte que { $percentile }% das jogadas honestas.
hidra-luck-none = { $who }: nenhum dado rolado ainda.
hidra-luck-table = A mesa toda
hidra-table-adventurers = **Aventureiros** (todos lutam com 2d6 + 2)
    digger (O Escavador) — dig D: 4 PA, uma vez por turno, um passo através das paredes.
    weaver (O Mago Cartógrafo) — weave 90/180/270: 2 PA, uma vez por turno, gira a própria peça.
    rogue (O Ladrão do Crepúsculo) — vence os empates de roubo; rouba também de um vizinho ligado por passagem aberta.
    warden (A Guardiã da Luz) — os efeitos dos perigos não a atingem (ela ainda perde os PA e grita); esquiva com 4–6; provoke custa 3 PA.
hidra-table-artifacts = **Artefatos** (use: gasto ao usar, 1 PA; keep: funciona enquanto você o tem)
    gem (use) — use gem: você vê todas as fichas viradas.
    blade (use) — move D blade: entra na peça da Hidra e vence a luta sem dados (+1 PA).
    echo (keep) — uma vez por turno, uma esquiva, luta ou roubo que falhou é rolado de novo.
    chalice (keep) — seus turnos começam com 5 PA.
    crown (keep) — paredes nunca impedem seu passo para o Portal.
    bell (use) — use bell: o próximo Grito não acontece.
    lamp (keep) — o dado de um ladrão contra você conta 1 a menos.
    ring (use) — use ring L: a linha ou coluna L não desliza até o seu próximo turno.
    map (keep) — ghost D, 2 PA: um passo através das paredes.
    mask (use) — use mask N: você e o assento N trocam de lugar.
hidra-table-hazards = **Perigos** (disparar um: o efeito, seus PA acabam, e então o seu Grito)
    mud — Poço de Lodo: 2 PA a menos no próximo turno.
    bats — Ninho de Morcegos: um artefato seu, sorteado, vai para o fundo do banco.
    draft — Corrente de Ar Tóxico: de volta à Entrada.
    pillars — Pilares em Colapso: você perde o próximo turno.
    stalactites — Estalactites Sonoras: depois do seu Grito a Hidra grita sozinha.
hidra-table-dice = **Dados** (todos d6)
    Luta: 2d6 + 2 precisa superar a defesa, 10 (defence=scaled: 10 + os artefatos que você tem): 9 ou mais nos dados, 10 chances em 36 (28%).
    Esquiva (move D dodge): 5–6 passa (o warden 4–6); senão, a luta começa.
    Roubo (steal N, 2 PA): seu d6 contra o da vítima; o maior vence (o rogue vence empates; a lamp tira 1 do seu). Um roubo que falha custa seus PA e 1 PA no próximo turno.
    Luta vencida: a Hidra se acalma (o próximo Grito não acontece). Perdida: empurrado, você larga um artefato (ou perde 1 PA no próximo turno), e então grita.
hidra-refusal-unreadable = “{ $text }” não é uma ação: escreva move n, explore b4, steal 1, use gem, weave 90, provoke, end, scream 3 e 90 ou drop gem
hidra-misread-incomplete = falta algo depois de “{ $verb }”, como em { $example }
hidra-misread-line = “{ $word }” não é uma linha nem uma coluna: as linhas vão de 1 a 5, as colunas de a a e
hidra-misread-end = { $line } desliza para “{ $first }” ou “{ $second }”, não “{ $word }”
hidra-misread-rotation = “{ $word }” não é uma rotação: a peça volta girada em 0, 90, 180 ou 270
hidra-misread-seat = não há lugar { $word } nesta partida: os lugares vão de 0 a { $last }
hidra-misread-cell = “{ $word }” não é uma casa: as casas vão de a1 a e5
hidra-misread-dir = “{ $word }” não é uma direção: escreva n, e, s ou w (ou north, east, south, west)
hidra-refusal-view = isto é uma vista do jogo: só a posição inteira pode ser jogada
hidra-refusal-no-ap = você tem { $have } pontos de ação; { $doing } custa { $need }
hidra-refusal-drop-owed = você perdeu a luta: primeiro escolha o artefato que larga (drop NOME)
hidra-refusal-scream-owed = primeiro o seu Grito: scream, a fileira ou a coluna, a direção e o giro, como scream 3 l 90
hidra-refusal-no-scream-owed = nenhum Grito é devido agora
hidra-refusal-no-drop-owed = nenhum artefato é devido agora
hidra-refusal-after-win = depois de vencer a luta você só pode sair da peça da Hidra (move) ou encerrar (end)
hidra-refusal-unsafe-step = { $cell } tem um perigo virado para cima: o passo para fora da peça da Hidra precisa ser seguro
hidra-refusal-off-board = { $cell } não tem vizinho para esse lado ({ $dir })
hidra-refusal-wall = há uma parede entre { $from } e { $to }
hidra-refusal-passage-open = a passagem de { $from } para { $to } está aberta: use move
hidra-refusal-collected = você coletou neste turno: nada de andar até o seu próximo turno
hidra-refusal-portal-needs-three = o Portal só se abre para quem tem 3 artefatos; você tem { $held }
hidra-refusal-no-fight = você perdeu uma luta no seu último turno: não pode entrar na peça da Hidra neste turno
hidra-refusal-not-the-hydra = { $cell } não é a peça da Hidra: dodge e blade servem para entrar nela
hidra-refusal-not-holding = você não tem o artefato { $artifact }
hidra-refusal-not-your-hero = só o { $hero } pode fazer isso
hidra-refusal-once-per-turn = isso só pode ser feito uma vez por turno
hidra-refusal-not-next-to = { $cell } não fica ao lado da sua casa
hidra-refusal-no-token = não há ficha virada para baixo em { $cell }
hidra-refusal-already-seen = você já conhece a ficha em { $cell }
hidra-refusal-yourself = você não pode fazer isso consigo mesmo
hidra-refusal-out-of-reach = o lugar { $seat } está fora do seu alcance
hidra-refusal-empty-handed = o lugar { $seat } não tem artefato
hidra-refusal-same-tile = o lugar { $seat } está na sua peça
hidra-refusal-no-change = girar a sua peça { $rot } não mudaria as paredes
hidra-refusal-same-turn = girar a sua peça { $rot } dá o mesmo que girar { $same }: weave { $same }
hidra-refusal-pinned = a linha { $line } está fixada pelo Anel da Gravidade

## s41-words
error-turn-ended-why = Sua vez termina com “{ $after }” ({ $why }), então “{ $part }” não pode vir depois na mesma mensagem. Nada foi jogado: mande “{ $after }” sozinho.
error-turn-ended-rest-why = Sua vez terminou com “{ $after }” ({ $why }), então “{ $part }” e o que vem depois não foram jogados.
turn-ended-game-over = a partida termina com ela
produto-turn-ended-first = a primeira vez das Pretas é uma peça só
produto-turn-ended-second = cada vez são duas peças, e { $stone } é a segunda
flume-turn-ended = { $square } tem { $empty } casas vazias ao lado, então não há peça extra: a vez passa
flume-turn-ended-swap = a troca é a vez inteira
event-search-keys-floored = { $who } vasculhou a sala de chaves { $cell } (tentativa { $row }): { $roll } → { $result } { $count ->
        [0] chaves
        [one] chave
       *[other] chaves
    }; as chaves do grupo nunca ficam abaixo de 0, { $lost ->
        [0] então ele não perde nenhuma
       *[other] então ele perde { $lost }
    }.
event-search-food-floored = { $who } vasculhou a sala de comida { $cell } (tentativa { $row }): { $roll } → { $result } de comida; a comida nunca fica abaixo de 0, { $lost ->
        [0] então não perde nada
       *[other] então perde { $lost }
    }.
local-private = (só para { $who }) { $text }
local-secret = (para { $who }, em privado) { $text }
local-my-view = { $label } (digite /myview)

## walls
walls-list = **{ $count } paredes do andar { $floor }**, cada uma com o nome da casa dentro do seu canto e desse canto (A2:NW: os lados norte e oeste de A2): { $walls }
    Para girar uma: /rotate-wall DE PARA, ou só /rotate-wall para ver as que você pode girar agora.
dc-cmd-walls = O andar em jogo com o nome de cada parede, para o /rotate-wall

## Empate de comum acordo (/draw)
parse-bad-draw-arg = o /draw não entende “{ $value }”; use /draw para propor empate ou aceitar o proposto, ou /draw no para recusar
draw-not-this-game = { $game } não termina em empate de comum acordo: joga-se até o fim.
draw-already-offered = Você já propôs empate; { $who } ainda não respondeu. (/draw no retira a proposta.)
draw-none-offered = Ninguém propôs empate nesta partida. O /draw propõe um.
draw-computer = { $who } é um jogador do computador: joga toda partida até o fim e nunca aceita empate.
draw-offered = 🤝 { $who } propõe empate a { $other }. { $other }: /draw (ou o botão) aceita, /draw no recusa; jogar também recusa.
draw-button-accept = 🤝 Aceitar o empate
draw-button-decline = Continuar
draw-withdrawn = { $who } retira a proposta de empate. A partida continua.
draw-declined = { $who } recusa o empate. A partida continua.
draw-agreed = 🤝 { $who } aceita a proposta de { $other }: { $game } termina empatada.
draw-ended-line = Empate de comum acordo.
resign-ended-line = { $who } desistiu.
abandoned-ended-line = A partida foi abandonada.
resign-done = 🏳️ { $who } desiste: { $other } vence { $game }.
resign-not-this-game = Não dá para desistir de { $game }: joga-se até o fim.
draw-told-in-group = Feito: o grupo foi avisado.
